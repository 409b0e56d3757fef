// The tree pane: a lazy tree over the worker's `children` op. Rows are fetched a page at a time, only
// for what is in view or asked for; the expanded nodes are flattened into one list that a VirtualList
// shows, so a top value of 10,000 entities costs 10,000 small array entries and ~40 DOM rows.

import { VirtualList } from './vlist.js';

const PAGE = 200; // rows per `children` request
const ROW_HEIGHT = 22; // as .row in style.css
const INDENT = 14; // pixels per depth level

export const pathKey = (path) => path.join('/');

export class Tree {
  /**
   * @param {HTMLElement} box #tree
   * @param {(op: string, args: object) => Promise<object>} call the worker's ops (result only)
   * @param {{select: (path: number[]) => void, rows: (rows: object[]) => void}} on
   *   select: a row was clicked; rows: rows arrived (the hex pane colours their bytes)
   */
  constructor(box, call, on) {
    this.box = box;
    this.call = call;
    this.on = on;
    this.list = new VirtualList(box, ROW_HEIGHT, (i) => this.renderRow(i));
    box.addEventListener('click', (e) => this.click(e));
    this.reset(0);
  }

  /** Forgets everything: a new document with `total` top values. */
  reset(total) {
    this.total = total;
    this.rows = new Map(); // path key -> row
    this.pages = new Map(); // parent key -> Map(page -> Promise)
    this.expanded = new Set(); // path keys
    this.selected = null;
    this.rebuild();
  }

  /**
   * After an edit: the same document, other offsets and counts. Expanded nodes stay expanded (those that
   * still have children); the list changes once, when the rows it needs are in.
   */
  async refresh(total) {
    this.total = total;
    this.rows = new Map();
    this.pages = new Map();
    const keys = [...this.expanded].sort((a, b) => a.split('/').length - b.split('/').length);
    const rows = await Promise.all(keys.map((k) => this.fetchRow(k.split('/').map(Number))));
    keys.forEach((k, i) => {
      if (!rows[i] || rows[i].children === 0) this.expanded.delete(k);
    });
    this.rebuild();
    const [first, last] = this.list.visibleRange();
    await Promise.all(this.flat.slice(first, last).map((p) => this.fetchRow(p)));
    this.list.render();
  }

  /** One row's new answer (an edit that changed its value only): shown at once. */
  update(row) {
    this.rows.set(pathKey(row.path), row);
    this.list.render();
  }

  childCount(parentPath) {
    if (parentPath.length === 0) return this.total;
    return this.rows.get(pathKey(parentPath))?.children ?? 0;
  }

  row(path) {
    return this.rows.get(pathKey(path)) ?? null;
  }

  /** Loads (once) the page of `parentPath`'s children holding child `index`. */
  loadPage(parentPath, index) {
    const parent = pathKey(parentPath);
    const page = Math.floor(index / PAGE);
    let pages = this.pages.get(parent);
    if (!pages) this.pages.set(parent, (pages = new Map()));
    if (!pages.has(page)) {
      const rows = this.rows;
      const args = { path: parentPath, start: page * PAGE, count: PAGE };
      const p = this.call('children', args).then((res) => {
        if (rows !== this.rows) return; // a reset or refresh came in between
        for (const row of res.rows) {
          const key = pathKey(row.path);
          this.rows.set(key, row);
          if (this.expanded.has(key)) this.needsRebuild = true;
        }
        this.on.rows(res.rows);
      });
      p.catch(() => pages.delete(page)); // the caller shows the error; a later view tries again
      pages.set(page, p);
    }
    return pages.get(page);
  }

  /** The row at `path`, loading its page (and its ancestors' pages) if needed; null if there is none. */
  async fetchRow(path) {
    for (let depth = 1; depth <= path.length; depth++) {
      const sub = path.slice(0, depth);
      if (this.rows.has(pathKey(sub))) continue;
      const parent = sub.slice(0, -1);
      if (sub[sub.length - 1] >= this.childCount(parent)) return null;
      await this.loadPage(parent, sub[sub.length - 1]);
    }
    return this.row(path);
  }

  /** The flat list of visible paths, from the expanded set. */
  rebuild() {
    this.needsRebuild = false;
    const flat = [];
    const walk = (parent) => {
      const n = this.childCount(parent);
      for (let i = 0; i < n; i++) {
        const path = [...parent, i];
        flat.push(path);
        if (this.expanded.has(pathKey(path))) walk(path);
      }
    };
    walk([]);
    this.flat = flat;
    this.index = new Map(flat.map((p, i) => [pathKey(p), i]));
    this.list.setCount(flat.length);
  }

  isExpanded(path) {
    return this.expanded.has(pathKey(path));
  }

  async setExpanded(path, open) {
    const row = await this.fetchRow(path);
    if (!row || row.children === 0 || open === this.isExpanded(path)) return;
    if (open) this.expanded.add(pathKey(path));
    else this.expanded.delete(pathKey(path));
    this.rebuild();
  }

  /** Expands every ancestor of `path`, marks it selected and scrolls it into view. */
  async reveal(path) {
    for (let depth = 1; depth < path.length; depth++) await this.setExpanded(path.slice(0, depth), true);
    this.selected = pathKey(path);
    const i = this.index.get(this.selected);
    if (i !== undefined) this.list.scrollToIndex(i);
    else this.list.render();
  }

  /** The path `delta` rows away from the selected one (clamped to the list). */
  step(delta) {
    const i = this.index.get(this.selected) ?? 0;
    const j = Math.min(this.flat.length - 1, Math.max(0, i + delta));
    return this.flat[j] ?? null;
  }

  click(e) {
    const el = e.target.closest('.row');
    if (!el) return;
    const path = el.dataset.path.split('/').map(Number);
    if (e.target.classList.contains('toggle')) this.setExpanded(path, !this.isExpanded(path));
    this.on.select(path);
  }

  renderRow(i) {
    const path = this.flat[i];
    const key = pathKey(path);
    const row = this.rows.get(key);
    const el = document.createElement('div');
    el.className = 'row';
    el.dataset.path = key;
    el.setAttribute('role', 'treeitem');
    el.setAttribute('aria-level', String(path.length));
    const selected = key === this.selected;
    el.setAttribute('aria-selected', String(selected));
    if (selected) el.classList.add('selected');
    const toggle = cell('toggle', '');
    toggle.style.marginLeft = `${(path.length - 1) * INDENT}px`;
    const label = cell('label', row ? row.label : '…');
    label.style.width = `calc(var(--label-width) - ${(path.length - 1) * INDENT}px)`;
    if (!row) {
      el.classList.add('loading');
      this.loadPage(path.slice(0, -1), path[path.length - 1]).then(
        () => this.rowsArrived(),
        () => {},
      );
      el.append(toggle, label);
      return el;
    }
    if (row.children > 0) {
      const open = this.isExpanded(path);
      toggle.textContent = open ? '▾' : '▸';
      el.setAttribute('aria-expanded', String(open));
    }
    el.append(
      toggle,
      label,
      cell('type', row.type),
      cell(`value k-${row.kind}`, row.preview),
      cell('offset', row.offset ?? ''),
      cell('size', row.size ?? ''),
    );
    el.title = row.preview;
    return el;
  }

  /** A page came in: expanded rows among it lengthen the list; otherwise only the view changes. */
  rowsArrived() {
    if (this.needsRebuild) this.rebuild();
    else this.list.schedule();
  }
}

function cell(cls, text) {
  const span = document.createElement('span');
  span.className = cls;
  span.textContent = String(text);
  return span;
}
