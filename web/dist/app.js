// The save inspector page: opens a file in the worker (nothing leaves the machine), keeps the tree, hex
// and text panes on one selection, and sends the editor's changes back as the worker's edit ops.

import { WorkerClient } from './ui/client.js';
import { Editor } from './ui/editor.js';
import { Hex, renderLegend } from './ui/hex.js';
import { TextPane } from './ui/textpane.js';
import { pathKey, Tree } from './ui/tree.js';

const $ = (id) => document.getElementById(id);

const state = {
  source: null, // {name, bytes, password?, key_hex?, dialect?, framing?}: what the open document was read from
  pending: null, // {name, bytes}: a file waiting for its password
  doc: null, // the `open` answer (header fields kept current)
  dirty: false,
  undo: [], // one entry per edit: {migrate?: {before, after}} (migrations change the header)
  redo: [],
  selected: null, // path
  selectToken: 0, // the latest selection; older ones stop at their next await
  probed: new Set(), // starts of the 4 KiB windows already coloured (`leaves`)
  gen: 0, // bumps with every new content, so that late answers about the old one are dropped
  reopening: false, // the document is being read again after the worker lost it
};

const client = new WorkerClient('worker.js', workerLost);
const call = async (op, args = {}, data) => (await client.request(op, args, data)).result;

const tree = new Tree($('tree'), call, { select: (path) => select(path), rows: (rows) => hex.paint(rows) });
const hex = new Hex($('hex'), { byte: selectByte, view: probeBytes });
const text = new TextPane($('text'), selectChar);
const editor = new Editor({
  apply: (t, retype) => edit('set', { path: state.selected, text: t, retype }, () => state.selected),
  add: addChild,
  remove: removeSelected,
  cancel: () => $('tree').focus(),
  error: (message) => showError({ message }),
});
renderLegend($('legend'));

// ---- status line and errors

function showError(err) {
  const box = $('error');
  const at = err.offset != null ? ` at byte ${err.offset}` : '';
  box.textContent = `${err.message}${at}`;
  box.hidden = false;
}

function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
}

function setStatus(message) {
  $('status').textContent = message;
}

function editStatus() {
  const n = state.undo.length;
  setStatus(state.dirty ? `${n} change${n === 1 ? '' : 's'}` : 'no changes');
  $('undo').disabled = n === 0;
  $('redo').disabled = state.redo.length === 0;
}

/** Runs `fn`, showing what it throws; the page stays usable whatever happens. */
async function guarded(fn) {
  try {
    await fn();
  } catch (e) {
    showError(e);
  }
}

// ---- opening

const MAX_FILE = 256 * 1024 * 1024; // the model refuses more; the page does not even read it

/** Whether `file` may be read: a file over MAX_FILE is refused (said) before a byte of it is read. */
function readable(file) {
  if (file.size <= MAX_FILE) return true;
  showError({ message: `${file.name} is ${file.size} bytes: files over 256 MiB are not opened` });
  return false;
}

async function openFile(file) {
  if (!file || !readable(file)) return;
  const bytes = await file.arrayBuffer();
  await openSource({ name: file.name, bytes });
}

/** Opens `source` (the page keeps its bytes: a copy goes to the worker). */
async function openSource(source) {
  clearError();
  setStatus('opening…');
  const { name, bytes, ...opts } = source;
  let res;
  try {
    res = await call('open', { name, ...opts }, bytes.slice(0));
  } catch (e) {
    setStatus('');
    showError(e);
    return;
  }
  if (res.status === 'need_password') {
    state.pending = { name, bytes };
    $('password-file').textContent = name;
    $('password-box').hidden = false;
    $('password').focus();
    setStatus('password needed');
    return;
  }
  $('password-box').hidden = true;
  state.pending = null;
  state.source = source;
  state.undo = [];
  state.redo = [];
  await guarded(() => loadDocument(res));
}

function submitPassword() {
  const pending = state.pending;
  if (!pending) return;
  const password = $('password').value;
  const key = $('key-hex').value.trim();
  openSource({ ...pending, ...(key ? { key_hex: key } : { password }) });
}

/** Shows a freshly read document (open, reopen, migrate): header, bytes, a collapsed tree. */
async function loadDocument(res) {
  state.doc = res;
  state.dirty = state.undo.length > 0;
  state.selected = null;
  showHeader(res);
  await reloadContent();
  tree.reset(res.values);
  $('tree').dataset.empty = res.values === 0 ? 'No value could be read: the error says where and why.' : '';
  text.clear();
  editor.clear();
  if (res.error) {
    showError(res.error);
    hex.setError(res.error.offset);
    setStatus(`read up to the error: ${res.values} value${res.values === 1 ? '' : 's'}`);
  } else {
    editStatus();
    if (res.values > 0) await select([0]);
  }
  $('tree').focus();
}

async function reloadContent() {
  const { data } = await client.request('content');
  state.gen++;
  state.probed = new Set();
  hex.setContent(new Uint8Array(data ?? new ArrayBuffer(0)));
}

/** The content shown, with `bytes` in place of `patch.remove` bytes at `patch.at` (and a frame length). */
function patchContent(patch, bytes) {
  const old = hex.bytes;
  const out = new Uint8Array(old.length - patch.remove + bytes.length);
  out.set(old.subarray(0, patch.at));
  out.set(bytes, patch.at);
  out.set(old.subarray(patch.at + patch.remove), patch.at + bytes.length);
  if (patch.frame) new DataView(out.buffer).setUint32(patch.frame.at, patch.frame.len, !patch.frame.big_endian);
  state.gen++;
  state.probed = new Set();
  hex.setContent(out);
}

function showHeader(res) {
  $('file-name').textContent = res.name ?? state.source.name;
  $('dialect').textContent = res.dialect;
  $('framing').textContent = res.framing;
  $('container').textContent = res.container;
  const detail = [res.compression, res.layout && `${res.layout} layout`].filter(Boolean).join(', ');
  $('container-detail').textContent = detail ? `(${detail})` : '';
  showCount(res.values);
  showEvidence(res);
  $('dialect-select').value = state.source.dialect ?? '';
  $('framing-select').value = state.source.framing ?? '';
  for (const id of ['save', 'export-text', 'export-json', 'diff', 'dialect-select', 'framing-select']) {
    $(id).disabled = false;
  }
  $('migrate').disabled = res.dialect.startsWith('godot4');
}

/** The evidence: its first line in the bar, every line (and the other readings) when unfolded. */
function showEvidence(res) {
  const lines = [...(res.evidence ?? [])];
  for (const alt of res.alternatives ?? []) lines.push(`also reads as ${alt.dialect} ${alt.framing}: ${alt.note}`);
  const first = document.createElement('div');
  first.textContent = lines[0] ?? '';
  const all = document.createElement('ul');
  all.append(
    ...lines.map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  $('evidence').replaceChildren(first, all);
  // The override selects name the readings the detection also found.
  const also = new Set((res.alternatives ?? []).map((a) => a.dialect));
  for (const opt of $('dialect-select').options) {
    if (!opt.value) continue;
    const note = opt.value === res.dialect ? ' (read as)' : also.has(opt.value) ? ' (also reads)' : '';
    opt.textContent = opt.value + note;
  }
}

function showCount(n) {
  $('value-count').textContent = `${n} value${n === 1 ? '' : 's'}`;
}

/** The dialect or framing select changed: read the same bytes again that way. */
async function reopen() {
  const dialect = $('dialect-select').value || undefined;
  const framing = $('framing-select').value || undefined;
  clearError();
  try {
    const res = await call('reopen', { dialect, framing });
    state.source = { ...state.source, dialect, framing };
    state.undo = [];
    state.redo = [];
    await loadDocument(res);
  } catch (e) {
    // The document stays as it was read; so do the selects.
    $('dialect-select').value = state.source.dialect ?? '';
    $('framing-select').value = state.source.framing ?? '';
    showError(e);
  }
}

/**
 * The worker lost the document (the watchdog replaced it, or the model trapped): the document open
 * before is read again from the kept bytes. A failure while doing so is shown, not retried.
 */
async function workerLost(message) {
  showError({ message });
  if (!state.source || state.reopening) return;
  state.reopening = true;
  const lost = state.undo.length > 0;
  const { name, bytes, ...opts } = state.source;
  try {
    const res = await call('open', { name, ...opts }, bytes.slice(0));
    state.undo = [];
    state.redo = [];
    await loadDocument(res);
    showError({ message });
    setStatus(lost ? 'reopened; the unsaved edits were lost' : 'reopened');
  } catch (e) {
    showError(e);
  } finally {
    state.reopening = false;
  }
}

// ---- selection: the tree, hex and text panes show one node

async function select(path) {
  const token = ++state.selectToken;
  const current = () => token === state.selectToken;
  state.selected = path;
  try {
    await tree.reveal(path);
    const row = await tree.fetchRow(path);
    if (!current()) return;
    hex.select(row?.offset ?? null, row?.size ?? 0);
    const bytes = row?.offset != null ? `at ${row.offset}, ${row.size} B` : '';
    $('hex-info').textContent = bytes;
    $('text-info').textContent = `value ${path[0]}`;
    const node = await call('node', { path });
    if (!current()) return;
    editor.show(node, describe(path));
    const index = path[0];
    if (text.index !== index) {
      const { text: t } = await call('value_text', { index });
      if (!current()) return;
      text.setText(index, t);
    }
    const loc = await call('locate', { path });
    if (!current()) return;
    text.select(loc.start, loc.end);
  } catch (e) {
    if (current()) showError(e);
  }
}

/** A path as its rows' labels read: `value 0 › "inventory" › [3]`. */
function describe(path) {
  return path.map((_, i) => tree.row(path.slice(0, i + 1))?.label ?? path[i]).join(' › ');
}

async function selectByte(offset) {
  await guarded(async () => {
    const { path } = await call('at_byte', { offset });
    if (path?.length) await select(path);
  });
}

async function selectChar(index, offset) {
  await guarded(async () => {
    const { path } = await call('at_text', { index, offset });
    if (path?.length) await select(path);
  });
}

/** The longest existing prefix of `path` (a node may be gone after an edit or not be in a diff's left side). */
async function existing(path) {
  let p = path ?? [];
  while (p.length > 0 && !(await tree.fetchRow(p))) p = p.slice(0, -1);
  if (p.length === 0 && state.doc?.values > 0) p = [0];
  return p.length ? p : null;
}

/** Colours the bytes in view: one `leaves` call per 4 KiB window names the innermost node of each byte. */
const WINDOW = 4096;
async function probeBytes(start, end) {
  const gen = state.gen;
  for (let at = start - (start % WINDOW); at < end; at += WINDOW) {
    if (state.probed.has(at)) continue;
    state.probed.add(at);
    let res;
    try {
      res = await call('leaves', { start: at, end: at + WINDOW });
    } catch {
      continue; // the colours are a help: a failed window stays uncoloured
    }
    if (gen !== state.gen) return;
    hex.paint(res.leaves);
  }
}

// ---- tree keys

function treeKey(e) {
  const path = state.selected;
  const go = (p) => p && select(p);
  if (!path) {
    if (e.key.startsWith('Arrow')) go(tree.flat[0]);
    return;
  }
  const row = tree.row(path);
  switch (e.key) {
    case 'ArrowDown':
      go(tree.step(1));
      break;
    case 'ArrowUp':
      go(tree.step(-1));
      break;
    case 'PageDown':
      go(tree.step(tree.list.pageRows()));
      break;
    case 'PageUp':
      go(tree.step(-tree.list.pageRows()));
      break;
    case 'Home':
      go(tree.flat[0]);
      break;
    case 'End':
      go(tree.flat[tree.flat.length - 1]);
      break;
    case 'ArrowRight':
      if (row?.children > 0 && !tree.isExpanded(path)) tree.setExpanded(path, true);
      else if (row?.children > 0) go([...path, 0]);
      break;
    case 'ArrowLeft':
      if (tree.isExpanded(path)) tree.setExpanded(path, false);
      else if (path.length > 1) go(path.slice(0, -1));
      break;
    case 'Enter':
      editor.focus();
      break;
    default:
      return;
  }
  e.preventDefault();
}

/** Ctrl+S anywhere; Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) outside text inputs, which keep their own undo. */
function globalKey(e) {
  if (!(e.ctrlKey || e.metaKey)) return;
  const k = e.key.toLowerCase();
  if (k === 's') {
    e.preventDefault();
    if (state.doc) save();
    return;
  }
  if (e.target.matches('input[type=text], input[type=number], input:not([type]), textarea')) return;
  if (k === 'z' && !e.shiftKey) {
    e.preventDefault();
    undoRedo('undo');
  } else if ((k === 'z' && e.shiftKey) || k === 'y') {
    e.preventDefault();
    undoRedo('redo');
  }
}

// ---- edits

/**
 * Sends an edit op; on success the panes are refreshed (offsets move) and `next(answer)` names the path
 * to select.
 */
async function edit(op, args, next) {
  if (!state.doc || !state.selected) return;
  let res;
  let data;
  try {
    ({ result: res, data } = await client.request(op, args));
  } catch (e) {
    showError(e);
    return;
  }
  clearError();
  state.undo.push({});
  state.redo = [];
  await guarded(() => afterEdit(res, next(res), data));
}

/**
 * The document changed. A `set` answers `patch` {at, remove, frame?} and the new value's bytes: the bytes
 * shown are patched (and the row shown at once) rather than the whole content fetched again.
 */
async function afterEdit(res, path, data) {
  state.dirty = res.dirty;
  state.doc.values = res.values;
  showCount(res.values);
  if (res.patch && data) {
    const bytes = new Uint8Array(data);
    patchContent(res.patch, bytes);
    if (res.row) tree.update(res.row);
    if (res.patch.remove === bytes.length && res.row) {
      // Nothing else moved: the other rows, their offsets and the selection stand.
      text.clear();
      editStatus();
      await select(res.row.path);
      return;
    }
  } else {
    await reloadContent();
  }
  await tree.refresh(res.values);
  text.clear();
  editStatus();
  const target = await existing(path);
  if (target) await select(target);
}

function addChild(key, value) {
  const path = state.selected;
  const args = { path };
  if (key != null) args.key = key;
  if (value != null) args.text = value;
  edit('insert', args, (res) => {
    tree.expanded.add(pathKey(path));
    return res.row?.path ?? path;
  });
}

function removeSelected() {
  const path = state.selected;
  if (!path || path.length < 2) return;
  edit('remove', { path }, () => {
    const i = path[path.length - 1];
    return i > 0 ? [...path.slice(0, -1), i - 1] : path.slice(0, -1);
  });
}

/**
 * Undo and redo run one at a time, in the order asked: a held Ctrl+Z sends presses faster than the worker
 * answers, and each must see the stacks the one before it left.
 */
let undoQueue = Promise.resolve();
function undoRedo(op) {
  undoQueue = undoQueue.then(() => undoRedoNow(op));
  return undoQueue;
}

async function undoRedoNow(op) {
  if (!state.doc) return;
  const from = op === 'undo' ? state.undo : state.redo;
  const to = op === 'undo' ? state.redo : state.undo;
  if (from.length === 0) return;
  await guarded(async () => {
    const res = await call(op);
    clearError();
    const entry = from.pop();
    to.push(entry);
    if (entry.migrate) {
      const header = op === 'undo' ? entry.migrate.before : entry.migrate.after;
      await loadDocument({ ...header, values: res.values });
      state.dirty = res.dirty ?? state.dirty;
      editStatus();
    } else {
      await afterEdit(res, res.path ?? state.selected);
    }
  });
}

async function migrate() {
  await guarded(async () => {
    const before = state.doc;
    const res = await call('migrate', { to: 'godot4.6' });
    clearError();
    state.undo.push({ migrate: { before, after: res } });
    state.redo = [];
    await loadDocument(res);
  });
}

// ---- files out

function download(data, name, type = 'application/octet-stream') {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function save() {
  await guarded(async () => {
    const { data } = await client.request('save');
    download(data, state.source.name);
    setStatus('saved');
  });
}

async function exportAs(form) {
  await guarded(async () => {
    const { data } = await client.request('export', { form });
    const base = state.source.name.replace(/\.[^.]*$/, '') || state.source.name;
    download(data, `${base}.${form === 'json' ? 'json' : 'txt'}`, 'text/plain;charset=utf-8');
  });
}

// ---- diff

async function diffWith(file) {
  if (!file || !readable(file)) {
    $('diff-file').value = '';
    return;
  }
  const bytes = await file.arrayBuffer();
  await guarded(async () => {
    // The other file is read with this document's password, if it has one.
    const args = { name: file.name };
    if (state.source.password != null) args.password = state.source.password;
    const res = await call('diff', args, bytes);
    showDiff(res);
  });
  $('diff-file').value = '';
}

function showDiff(res) {
  const shown = res.changes.length;
  const more = res.total > shown ? ` (the first ${shown} listed)` : '';
  $('diff-info').textContent = `${res.left} → ${res.right}: ${res.total} change${res.total === 1 ? '' : 's'}${more}`;
  $('diff-result').replaceChildren(
    ...res.changes.map((c) => {
      const el = document.createElement('div');
      el.className = `change ${c.kind}`;
      el.dataset.path = pathKey(c.path);
      const what = c.kind === 'changed' ? `${c.before} → ${c.after}` : c.kind === 'added' ? c.after : c.before;
      el.append(span('kind', c.kind), span('where', c.display), span('what', what ?? ''));
      el.title = what ?? '';
      el.addEventListener('click', async () => {
        const target = await existing(c.path);
        if (target) await select(target);
      });
      return el;
    }),
  );
  $('diff-box').hidden = false;
}

function span(cls, textContent) {
  const s = document.createElement('span');
  s.className = cls;
  s.textContent = textContent;
  return s;
}

// ---- wiring

$('file').addEventListener('change', async (e) => {
  await openFile(e.target.files[0]);
  e.target.value = ''; // choosing the same file again opens it again
});
$('password-ok').addEventListener('click', submitPassword);
for (const id of ['password', 'key-hex']) {
  $(id).addEventListener('keydown', (e) => e.key === 'Enter' && submitPassword());
}
$('dialect-select').addEventListener('change', reopen);
$('framing-select').addEventListener('change', reopen);
$('save').addEventListener('click', save);
$('undo').addEventListener('click', () => undoRedo('undo'));
$('redo').addEventListener('click', () => undoRedo('redo'));
$('export-text').addEventListener('click', () => exportAs('text'));
$('export-json').addEventListener('click', () => exportAs('json'));
$('migrate').addEventListener('click', migrate);
$('diff').addEventListener('click', () => $('diff-file').click());
$('diff-file').addEventListener('change', (e) => diffWith(e.target.files[0]));
$('diff-close').addEventListener('click', () => ($('diff-box').hidden = true));
$('tree').addEventListener('keydown', treeKey);
$('evidence').addEventListener('click', () => $('evidence').classList.toggle('open'));
document.addEventListener('keydown', globalKey);

// Dropping a file anywhere on the page opens it.
document.addEventListener('dragover', (e) => {
  e.preventDefault();
  $('drop-hint').hidden = false;
});
document.addEventListener('dragleave', (e) => {
  if (!e.relatedTarget) $('drop-hint').hidden = true;
});
document.addEventListener('drop', (e) => {
  e.preventDefault();
  $('drop-hint').hidden = true;
  openFile(e.dataTransfer.files[0]);
});

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
