// A virtual list: a scrolling box of `count` rows of one fixed height, of which only the rows in view
// (and a few around them) exist in the DOM, so a list of a million lines costs as much as one of forty.

const MARGIN = 8; // rows rendered above and below the visible ones

export class VirtualList {
  /**
   * @param {HTMLElement} box the scrolling element (overflow: auto)
   * @param {number} rowHeight pixels, as the stylesheet sets it
   * @param {(index: number) => HTMLElement} renderRow builds the element of one row
   */
  constructor(box, rowHeight, renderRow) {
    this.box = box;
    this.rowHeight = rowHeight;
    this.renderRow = renderRow;
    this.count = 0;
    this.spacer = document.createElement('div');
    this.spacer.className = 'vspacer';
    this.rows = document.createElement('div');
    this.rows.className = 'vrows';
    this.spacer.append(this.rows);
    box.append(this.spacer);
    this.pending = false;
    box.addEventListener('scroll', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(box);
  }

  setCount(count) {
    this.count = count;
    this.spacer.style.height = `${count * this.rowHeight}px`;
    this.render();
  }

  /** Re-renders on the next frame (several calls in one frame render once). */
  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  /** The first and one past the last index fully or partly in view. */
  visibleRange() {
    const first = Math.floor(this.box.scrollTop / this.rowHeight);
    const last = Math.ceil((this.box.scrollTop + this.box.clientHeight) / this.rowHeight);
    return [Math.max(0, first), Math.min(this.count, last)];
  }

  render() {
    const [first, last] = this.visibleRange();
    const from = Math.max(0, first - MARGIN);
    const to = Math.min(this.count, last + MARGIN);
    const els = [];
    for (let i = from; i < to; i++) els.push(this.renderRow(i));
    this.rows.style.top = `${from * this.rowHeight}px`;
    this.rows.replaceChildren(...els);
  }

  /**
   * Brings row `index` into view: `nearest` scrolls the least needed (moving a row at a time),
   * `third` puts a row that is out of view a third of the way down (a jump: some context above it).
   */
  scrollToIndex(index, how = 'nearest') {
    const top = index * this.rowHeight;
    const bottom = top + this.rowHeight;
    const box = this.box;
    const outside = top < box.scrollTop || bottom > box.scrollTop + box.clientHeight;
    if (outside && how === 'third') box.scrollTop = top - Math.floor(box.clientHeight / 3);
    else if (top < box.scrollTop) box.scrollTop = top;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
    this.render();
  }

  /** How many whole rows fit in the box (for Page Up / Page Down). */
  pageRows() {
    return Math.max(1, Math.floor(this.box.clientHeight / this.rowHeight) - 1);
  }
}
