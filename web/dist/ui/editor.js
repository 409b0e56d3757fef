// The editor panel: the selected node's value in an input fit for its kind, turned back into the Godot
// text form that the worker's `set` op parses. The "text form" box edits any type as text; whichever of
// the two was touched last is what Apply sends.

const $ = (id) => document.getElementById(id);

const GROUPS = {
  int: 'ed-int',
  float: 'ed-float',
  bool: 'ed-bool',
  string: 'ed-string',
  stringname: 'ed-string',
  nodepath: 'ed-string',
  vector: 'ed-vector',
  color: 'ed-color',
};
const CONTAINER = /^(Array|Dictionary|Packed|Pool)/;
const INT_TEXT = /^[+-]?\d+$/;
// A text form longer than this is not put in the text box (laying out megabytes of text would freeze the
// page); such a container is edited through its elements.
const TEXT_EDIT_MAX = 20000;

export class Editor {
  /**
   * @param {{apply: (text: string, retype: boolean) => void, add: (key: string|null, value: string|null) => void,
   *   remove: () => void, cancel: () => void, error: (message: string) => void}} on
   */
  constructor(on) {
    this.on = on;
    this.node = null;
    this.fields = $('editor-fields');
    this.source = 'typed'; // which of the typed inputs and the text form was edited last
    this.colorTouched = false;
    for (const input of this.fields.querySelectorAll('.ed input, .ed textarea')) {
      if (input.closest('.ed-container') || input.id === 'edit-retype') continue;
      input.addEventListener('input', () => {
        this.source = input.id === 'edit-text' ? 'text' : 'typed';
        if (input.id === 'edit-color') this.colorTouched = true;
      });
    }
    $('apply').addEventListener('click', () => this.apply());
    $('add').addEventListener('click', () => this.add());
    $('remove').addEventListener('click', () => on.remove());
    this.fields.addEventListener('keydown', (e) => this.key(e));
  }

  clear() {
    this.node = null;
    this.fields.hidden = true;
    $('editor-path').textContent = 'select a value to edit it';
  }

  /** Shows `node` (the `node` op's answer); `where` is how its path reads. */
  show(node, where) {
    this.node = node;
    this.source = 'typed';
    this.colorTouched = false;
    const { row } = node;
    const head = $('editor-path');
    head.textContent = `${where}  ·  ${row.type}`;
    const group = this.group();
    for (const el of this.fields.querySelectorAll('.ed')) {
      el.hidden = !(el.classList.contains(group) || el.classList.contains('ed-text'));
    }
    const container = CONTAINER.test(row.type);
    const top = row.path.length === 1;
    this.fields.querySelector('.ed-container').hidden = !container;
    this.fields.querySelector('.add-key').hidden = !row.type.startsWith('Dictionary');
    $('remove').hidden = top;
    $('add-key').value = '';
    $('add-value').value = '';
    $('edit-retype').checked = false;
    this.fill(group);
    this.fields.hidden = false;
  }

  /** The typed group for the node's kind; vectors of more than four numbers are edited as text. */
  group() {
    const { row, components } = this.node;
    if (row.kind === 'vector' && !(components && components.length <= 4)) return 'ed-text';
    if (row.kind === 'color' && !(components && components.length === 4)) return 'ed-text';
    return GROUPS[row.kind] ?? 'ed-text';
  }

  fill(group) {
    const { row, text, components } = this.node;
    const box = $('edit-text');
    // (A container too large to show as text comes without its text: null.)
    const long = text == null || text.length > TEXT_EDIT_MAX;
    box.value = long ? '' : text;
    box.disabled = long;
    const size = text == null ? `${row.size} bytes` : `${text.length} characters`;
    box.placeholder = long ? `the text form is too long to edit here (${size}): edit its elements` : '';
    $('apply').disabled = long && group === 'ed-text';
    switch (group) {
      case 'ed-int':
        $('edit-int').value = text;
        $('edit-int-bits').textContent = this.node.int_bits ? `${this.node.int_bits}-bit on the wire` : '';
        break;
      case 'ed-float':
        $('edit-float').value = text;
        $('edit-float-bits').textContent = this.node.float_bits ? `${this.node.float_bits}-bit on the wire` : '';
        break;
      case 'ed-bool':
        $('edit-bool').checked = text === 'true';
        break;
      case 'ed-string':
        $('edit-string').value = text == null ? '' : unquote(text);
        break;
      case 'ed-vector': {
        const names = componentNames(row.type, components.length);
        for (let i = 0; i < 4; i++) {
          const input = $(`edit-c${i}`);
          input.parentElement.hidden = i >= components.length;
          input.value = i < components.length ? String(components[i]) : '';
          input.step = /i$/.test(row.type) ? '1' : 'any';
          $(`edit-c${i}-name`).textContent = names[i] ?? '';
        }
        break;
      }
      case 'ed-color': {
        const [r, g, b, a] = components;
        $('edit-color').value = `#${[r, g, b].map(toByteHex).join('')}`;
        $('edit-alpha').value = String(a);
        break;
      }
    }
  }

  /** The text form of what the inputs say; throws an Error with a message for the user. */
  text() {
    if (this.source === 'text') return $('edit-text').value;
    const { row, text, components } = this.node;
    switch (this.group()) {
      case 'ed-int': {
        const v = $('edit-int').value.trim();
        if (!INT_TEXT.test(v)) throw new Error('an int is digits, with an optional sign');
        return v;
      }
      case 'ed-float': {
        const v = $('edit-float').value.trim();
        if (/^[+-]?(inf|nan)$/.test(v)) return v;
        if (v === '' || Number.isNaN(Number(v))) throw new Error('not a number (inf and nan are spelled so)');
        return INT_TEXT.test(v) ? `${v}.0` : v;
      }
      case 'ed-bool':
        return $('edit-bool').checked ? 'true' : 'false';
      case 'ed-string': {
        const first = text.indexOf('"');
        const last = text.lastIndexOf('"');
        return `${text.slice(0, first)}"${quote($('edit-string').value)}"${text.slice(last + 1)}`;
      }
      case 'ed-vector': {
        const ints = /i$/.test(row.type);
        const values = components.map((_, i) => number($(`edit-c${i}`).value, ints));
        return `${constructorName(text)}(${values.join(', ')})`;
      }
      case 'ed-color': {
        const rgb = this.colorTouched ? fromHex($('edit-color').value) : components.slice(0, 3);
        const alpha = number($('edit-alpha').value, false);
        return `${constructorName(text)}(${[...rgb, alpha].join(', ')})`;
      }
      default:
        return $('edit-text').value;
    }
  }

  apply() {
    if (!this.node) return;
    let text;
    try {
      text = this.text();
    } catch (e) {
      this.on.error(e.message);
      return;
    }
    this.on.apply(text, $('edit-retype').checked);
  }

  add() {
    if (!this.node) return;
    const dict = this.node.row.type.startsWith('Dictionary');
    const key = $('add-key').value.trim();
    const value = $('add-value').value.trim();
    if (dict && !key) {
      this.on.error('a new dictionary entry needs a key (its text form, e.g. "gold")');
      return;
    }
    this.on.add(dict ? key : null, value || null);
  }

  /** Puts the inputs back as the node has them. */
  reset() {
    if (!this.node) return;
    this.source = 'typed';
    this.colorTouched = false;
    this.fill(this.group());
  }

  /** Focuses the first visible input (Enter in the tree). */
  focus() {
    if (!this.node) return;
    const input = [...this.fields.querySelectorAll('.ed:not([hidden]) input, .ed:not([hidden]) textarea')].find(
      (el) => !el.closest('[hidden]'),
    );
    input?.focus();
    input?.select?.();
  }

  key(e) {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.reset();
      this.on.cancel();
    } else if (e.key === 'Enter' && !e.shiftKey && e.target.matches('input, textarea')) {
      if (e.target.type === 'checkbox' || e.target.type === 'color') return;
      e.preventDefault();
      if (e.target.closest('.ed-container')) this.add();
      else this.apply();
    }
  }
}

/** `Vector2(1, 2)` -> `Vector2`; Godot 3 writes `Color( 1, 0, 0, 1 )`, so spaces are trimmed. */
function constructorName(text) {
  return text.slice(0, text.indexOf('(')).trim();
}

function componentNames(type, n) {
  if (type.startsWith('Rect2')) return ['x', 'y', 'width', 'height'];
  if (type === 'Plane') return ['x', 'y', 'z', 'd'];
  return ['x', 'y', 'z', 'w'].slice(0, n);
}

/** A component as typed, checked: finite, and whole where the type is (Vector2i…). */
function number(typed, whole) {
  const v = typed.trim();
  if (v === '' || !Number.isFinite(Number(v))) throw new Error(`"${typed}" is not a number`);
  if (whole && !INT_TEXT.test(v)) throw new Error(`"${typed}" is not a whole number`);
  return v;
}

function toByteHex(c) {
  const byte = Math.round(Math.min(1, Math.max(0, c)) * 255);
  return byte.toString(16).padStart(2, '0');
}

function fromHex(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
}

/** Escapes a string for the inside of Godot's quotes, as its writer does (backslash and quote). */
function quote(s) {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

const ESCAPES = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', "'": "'", '\\': '\\' };

/** The string inside a text form's quotes (`"a"`, `&"a"`, `NodePath("a")`), escapes resolved. */
function unquote(text) {
  const inner = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
  return inner.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{6}|.)/gs, (m, e) => {
    if (e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? e;
  });
}
