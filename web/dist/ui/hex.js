// The hex pane: the content bytes, 16 a line, in a VirtualList. Each byte is coloured by the kind of the
// innermost node that holds it: the model's `leaves` for the bytes in view, and tree rows as they arrive,
// deeper nodes over shallower ones (a container's header stays uncoloured).

import { VirtualList } from './vlist.js';

const LINE_HEIGHT = 18; // as .hexline in style.css
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Editor kinds in the order of their codes in the kind map (0: no node known). */
const KINDS = ['int', 'float', 'bool', 'string', 'stringname', 'nodepath', 'vector', 'color', 'nil', 'other'];

export class Hex {
  /**
   * @param {HTMLElement} box #hex
   * @param {{byte: (offset: number) => void, view: (start: number, end: number) => void}} on
   *   byte: a byte was clicked; view: the bytes in view changed (after scrolling settles)
   */
  constructor(box, on) {
    this.box = box;
    this.on = on;
    this.list = new VirtualList(box, LINE_HEIGHT, (i) => this.renderLine(i));
    box.addEventListener('click', (e) => {
      const b = e.target.closest('.b');
      if (b) on.byte(Number(b.dataset.off));
    });
    box.addEventListener('scroll', () => this.viewChanged());
    this.setContent(new Uint8Array(0));
  }

  setContent(bytes) {
    this.bytes = bytes;
    this.kind = new Uint8Array(bytes.length); // KINDS index + 1
    this.depth = new Uint8Array(bytes.length); // depth of the node that painted the byte
    this.sel = null;
    this.error = null;
    this.list.setCount(Math.ceil(bytes.length / 16));
    this.viewChanged();
  }

  /** Colours the bytes of `rows` (children {offset, size, kind, path}). */
  paint(rows) {
    let changed = false;
    for (const row of rows) {
      if (row.offset == null || !row.size) continue;
      const code = KINDS.indexOf(row.kind) + 1;
      const depth = Math.min(255, row.path.length);
      const end = Math.min(this.bytes.length, row.offset + row.size);
      for (let i = row.offset; i < end; i++) {
        if (this.depth[i] > depth) continue;
        this.depth[i] = depth;
        this.kind[i] = code;
        changed = true;
      }
    }
    if (changed) this.list.schedule();
  }

  /** Marks the selected node's bytes (offset null: none) and scrolls them into view. */
  select(offset, size) {
    this.sel = offset == null ? null : [offset, offset + Math.max(size ?? 0, 1)];
    if (this.sel) this.list.scrollToIndex(Math.floor(offset / 16), 'third');
    else this.list.render();
  }

  /** Marks the byte a read failed at and scrolls to it. */
  setError(offset) {
    this.error = offset;
    if (offset != null) this.list.scrollToIndex(Math.floor(offset / 16), 'third');
  }

  viewChanged() {
    clearTimeout(this.viewTimer);
    this.viewTimer = setTimeout(() => {
      const [first, last] = this.list.visibleRange();
      if (last > first) this.on.view(first * 16, Math.min(this.bytes.length, last * 16));
    }, 120);
  }

  renderLine(i) {
    const line = document.createElement('div');
    line.className = 'hexline';
    const off = document.createElement('span');
    off.className = 'off';
    off.textContent = (i * 16).toString(16).padStart(8, '0');
    line.append(off);
    const start = i * 16;
    const end = Math.min(this.bytes.length, start + 16);
    let ascii = '';
    for (let o = start; o < end; o++) {
      const b = this.bytes[o];
      const span = document.createElement('span');
      let cls = 'b';
      if (this.kind[o]) cls += ` t-${KINDS[this.kind[o] - 1]}`;
      if (this.sel && o >= this.sel[0] && o < this.sel[1]) cls += ' sel';
      if (o === this.error) cls += ' err';
      span.className = cls;
      span.dataset.off = String(o);
      span.textContent = HEX[b];
      line.append(span);
      ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '·';
    }
    const asc = document.createElement('span');
    asc.className = 'asc';
    asc.textContent = ascii;
    line.append(asc);
    return line;
  }
}

/** Fills #legend: one swatch per kind. */
export function renderLegend(el) {
  el.replaceChildren(
    ...KINDS.map((k) => {
      const s = document.createElement('span');
      s.className = `swatch t-${k}`;
      s.textContent = k;
      return s;
    }),
  );
}
