// The text pane: one top value's Godot text form, as virtual lines. Long lines are cut into pieces of
// WRAP characters so that a packed array of a million numbers is still a list of short lines.

import { VirtualList } from './vlist.js';

const LINE_HEIGHT = 18; // as .tline in style.css
const WRAP = 400;

export class TextPane {
  /**
   * @param {HTMLElement} box #text
   * @param {(index: number, offset: number) => void} onOffset a character of value `index` was clicked
   */
  constructor(box, onOffset) {
    this.box = box;
    this.onOffset = onOffset;
    this.list = new VirtualList(box, LINE_HEIGHT, (i) => this.renderLine(i));
    box.addEventListener('click', (e) => this.click(e));
    this.clear();
  }

  clear() {
    this.setText(null, '');
  }

  /** Shows `text`, the text form of top value `index`. */
  setText(index, text) {
    this.index = index;
    this.text = text;
    this.sel = null;
    this.starts = []; // first character of each visual line
    let start = 0;
    while (start <= text.length) {
      let nl = text.indexOf('\n', start);
      if (nl < 0) nl = text.length;
      for (let s = start; s < nl || s === start; s += WRAP) this.starts.push(s);
      start = nl + 1;
    }
    this.list.setCount(text ? this.starts.length : 0);
  }

  lineEnd(i) {
    const next = i + 1 < this.starts.length ? this.starts[i + 1] : this.text.length + 1;
    const end = Math.min(next, this.starts[i] + WRAP);
    // A line that ends at a newline does not show it.
    return this.text[end - 1] === '\n' ? end - 1 : Math.min(end, this.text.length);
  }

  /** Marks characters [start, end) and scrolls their first line into view. */
  select(start, end) {
    this.sel = [start, end];
    this.list.scrollToIndex(this.lineOf(start), 'third');
  }

  lineOf(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  renderLine(i) {
    const div = document.createElement('div');
    div.className = 'tline';
    div.dataset.line = String(i);
    const a = this.starts[i];
    const b = this.lineEnd(i);
    const s = this.sel ? Math.min(Math.max(this.sel[0], a), b) : b;
    const e = this.sel ? Math.min(Math.max(this.sel[1], a), b) : b;
    div.append(this.text.slice(a, s));
    if (e > s) {
      const mark = document.createElement('span');
      mark.className = 'sel';
      mark.textContent = this.text.slice(s, e);
      div.append(mark);
    }
    div.append(this.text.slice(e, b));
    return div;
  }

  click(e) {
    if (this.index == null) return;
    const caret = caretAt(e.clientX, e.clientY);
    if (!caret) return;
    const line = (caret.node.nodeType === Node.TEXT_NODE ? caret.node.parentElement : caret.node).closest('.tline');
    if (!line || !this.box.contains(line)) return;
    const range = document.createRange();
    range.setStart(line, 0);
    range.setEnd(caret.node, caret.offset);
    this.onOffset(this.index, this.starts[Number(line.dataset.line)] + range.toString().length);
  }
}

/** The text node and offset under a point. */
function caretAt(x, y) {
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    return p && { node: p.offsetNode, offset: p.offset };
  }
  const r = document.caretRangeFromPoint?.(x, y);
  return r && { node: r.startContainer, offset: r.startOffset };
}
