// The save inspector checked in a real Chromium, driven only through the page's element ids (the contract's
// list), as a person would: a file set on #file, a password typed, rows clicked, editors filled, Apply, Add,
// Save, the download caught. Run by scripts/browser-test.sh:
//
//   node web/browser/inspector.test.mjs URL OUT_DIR [CHECK...]   CHECK: open edit migrate hostile large offline
//
// URL is the page (godot-bin web's first line). OUT_DIR receives the downloaded files, the hostile inputs
// this test writes, engine-checks.json (what web/browser/engine-check.mjs then asks the real engines) and
// OUT_DIR/../web-screenshots/*.png. The large save is OUT_DIR/large.sav (tools/src/bin/web_large_save.rs).
// Every check prints one PASS or FAIL line with what it compared; the exit status is 1 if any failed.
// Chromium: Debian's /usr/bin/chromium (CHROMIUM overrides), headless, a new empty profile; nothing is
// downloaded by playwright-core.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, tally } from './report.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIX = path.join(REPO, 'tests', 'fixtures');
const [URL_ARG, OUT_ARG, ...ONLY] = process.argv.slice(2);
if (!URL_ARG || !OUT_ARG) {
    console.error('usage: node inspector.test.mjs URL OUT_DIR [open|edit|migrate|hostile|large|offline ...]');
    process.exit(2);
}
const OUT = path.resolve(OUT_ARG);
const SHOTS = path.join(path.dirname(OUT), 'web-screenshots');
fs.mkdirSync(OUT, { recursive: true });
fs.mkdirSync(SHOTS, { recursive: true });

// The password and key of tests/gd/gen_containers*.gd, config_file*.gd and gen_web_saves.gd.
const PASSWORD = 'hunter2 \u00e9';
const KEY_HEX = Array.from({ length: 32 }, (_, i) => ((i * 7 + 3) % 256).toString(16).padStart(2, '0')).join('');

// A long text cut in the middle, so that both ends show (an error's "at byte N" is at its end).
const clip = (t, n = 200) => (t.length <= n ? t : `${t.slice(0, n - 70)} … ${t.slice(-60)}`);
const wants = (c) => ONLY.length === 0 || ONLY.includes(c);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------------ the page

async function newPage(ctx) {
    const page = await ctx.newPage();
    page.setDefaultTimeout(10000);
    page.on('pageerror', (e) => console.log(`  (page error: ${e.message})`));
    await page.goto(URL_ARG, { waitUntil: 'load' });
    await page.waitForSelector('#file', { state: 'attached' });
    return page;
}

// What the page shows: dialect, value count, error (when visible), whether the password box is visible.
async function shown(page) {
    return page.evaluate(() => {
        const el = (id) => document.getElementById(id);
        const vis = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
        const text = (id) => (el(id) ? el(id).textContent.trim() : '');
        return {
            dialect: text('dialect'),
            framing: text('framing'),
            container: text('container'),
            count: text('value-count'),
            error: vis(el('error')) ? text('error') : '',
            password: vis(el('password-box')),
            status: text('status'),
        };
    });
}

// Waits until the page shows a value count equal to `count` (a number; any count if null) with no error, or
// an error, or the password box; returns what it shows then (or after `timeout` ms).
async function settle(page, { count = null, timeout = 15000, allowPassword = true } = {}) {
    try {
        await page.waitForFunction(
            ([count, allowPassword]) => {
                const el = (id) => document.getElementById(id);
                const vis = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
                if (vis(el('error')) && el('error').textContent.trim()) return true;
                if (allowPassword && vis(el('password-box'))) return true;
                const m = /(\d+)\s*value/.exec(el('value-count')?.textContent || '');
                return !!m && (count === null || Number(m[1]) === count);
            },
            [count, allowPassword],
            { timeout, polling: 10 },
        );
    } catch {
        /* the caller judges what is shown */
    }
    return shown(page);
}

const countOf = (s) => {
    const m = /(\d+)\s*value/.exec(s.count);
    return m ? Number(m[1]) : null;
};

// Opens a file as a person would: sets it on #file; if the page asks, types the password (or the raw key
// into #key-hex) and presses OK. Returns what the page shows once it settled.
async function openFile(page, file, { password = null, keyHex = null, count = null } = {}) {
    await page.setInputFiles('#file', file);
    let s = await settle(page, { count });
    if (s.password && !s.error && (password !== null || keyHex !== null)) {
        if (keyHex !== null) await page.fill('#key-hex', keyHex);
        else await page.fill('#password', password);
        await page.click('#password-ok');
        s = await settle(page, { count, allowPassword: false });
    }
    return s;
}

// Save: clicks #save and catches the download; returns its bytes and suggested name.
async function save(page, outFile) {
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), page.click('#save')]);
    await dl.saveAs(outFile);
    return { bytes: fs.readFileSync(outFile), name: dl.suggestedFilename() };
}

const row = (p) => `#tree .row[data-path="${p}"]`;

// Expands the row at path p (clicks its toggle when it shows collapsed) and waits for its first child.
async function expand(page, p) {
    const t = page.locator(`${row(p)} .toggle`);
    const txt = (await t.textContent()) || '';
    if (!txt.includes('▾')) await t.click();
    await page.waitForSelector(row(`${p}/0`), { timeout: 10000 });
}

async function select(page, p) {
    await page.locator(`${row(p)} .label`).click();
    await page.waitForSelector(`${row(p)}.selected`, { timeout: 5000 });
}

const rowValue = async (page, p) => ((await page.locator(`${row(p)} .value`).textContent()) || '').trim();

// Waits until the row's value text is no longer `before` (an applied edit); returns the new text.
async function changed(page, p, before, timeout = 5000) {
    const end = Date.now() + timeout;
    while (Date.now() < end) {
        const now = await rowValue(page, p).catch(() => before);
        if (now !== before) return now;
        await sleep(20);
    }
    return before;
}

async function shot(page, name) {
    const file = path.join(SHOTS, name);
    await page.screenshot({ path: file });
    console.log(`  screenshot ${path.relative(REPO, file)}`);
}

// ------------------------------------------------------------------------------------------------ a. open

// Every engine-written save and container, with the dialect the writing engine speaks (the CLI's spelling)
// and the number of values its script stored (from the scripts' documented content, not from our decoder):
//   tests/gd/gen_containers*.gd: values() is 3 values, stored in every container;
//   tests/gd/config_file*.gd: build() is one ConfigFile (one Dictionary of sections); the .sav files are one
//     store_var of a Dictionary each;
//   tests/gd/gen_web_saves*.gd: 2 values (SAVE_VERSION, save_data()).
function openCases() {
    const cases = [];
    for (const [engine, dialect] of [
        ['godot-3.2.3', 'godot3'],
        ['godot-3.6', 'godot3'],
        ['godot-4.6', 'godot4.6'],
    ]) {
        const c = path.join(FIX, engine, 'containers');
        for (const f of ['plain.sav', 'fastlz.gcpf', 'deflate.gcpf', 'zstd.gcpf', 'gzip.gcpf']) {
            cases.push({ file: path.join(c, f), dialect, count: 3 });
        }
        cases.push({ file: path.join(c, 'pass.gdec'), dialect, count: 3, password: PASSWORD });
        cases.push({ file: path.join(c, 'key.gdec'), dialect, count: 3, keyHex: KEY_HEX });
        const cf = path.join(FIX, engine, 'config_file');
        cases.push({ file: path.join(cf, 'values.cfg'), dialect, count: 1 });
        cases.push({ file: path.join(cf, 'values.gdec'), dialect, count: 1, password: PASSWORD });
        for (const f of ['values.sav', 'loaded.sav', 'quirks.sav', 'empty_header.sav']) {
            cases.push({ file: path.join(cf, f), dialect, count: 1 });
        }
    }
    // JSON saves (JSON.stringify / to_json, tests/gd/gen_json*.gd): one document, or one per line.
    for (const engine of ['godot-3.6', 'godot-4.6']) {
        for (const [f, count] of [['spaces.json', 1], ['tab.json', 1], ['lines.json', 3]]) {
            cases.push({ file: path.join(FIX, engine, 'json', f), framing: 'json', count });
        }
    }
    cases.push({ file: path.join(FIX, 'godot-4.6', 'web', 'save.gdec'), dialect: 'godot4.6', count: 2, password: PASSWORD });
    cases.push({ file: path.join(FIX, 'godot-4.6', 'web', 'save.sav'), dialect: 'godot4.6', count: 2 });
    cases.push({ file: path.join(FIX, 'godot-3.6', 'web', 'save.gcpf'), dialect: 'godot3', count: 2 });
    cases.push({ file: path.join(FIX, 'godot-3.6', 'web', 'save.sav'), dialect: 'godot3', count: 2 });
    return cases.filter((c) => fs.existsSync(c.file));
}

async function checkOpen(ctx) {
    const dir = path.join(OUT, 'open');
    fs.mkdirSync(dir, { recursive: true });
    const page = await newPage(ctx);
    for (const c of openCases()) {
        const rel = path.relative(FIX, c.file);
        const name = `open ${rel}`;
        try {
            await page.goto(URL_ARG, { waitUntil: 'load' });
            const s = await openFile(page, c.file, c);
            const ok = (c.dialect == null || s.dialect === c.dialect) && (c.framing == null || s.framing === c.framing) &&
                countOf(s) === c.count && !s.error;
            check(`${name}`, ok, `#dialect "${s.dialect}" (want "${c.dialect ?? 'any'}"), #framing "${s.framing}" (want "${c.framing ?? 'any'}"), #value-count "${s.count}" (want ${c.count})` +
                (s.error ? `, #error "${s.error}"` : ''));
            if (!ok) continue;
            const out = path.join(dir, rel.replaceAll('/', '__'));
            const got = await save(page, out);
            const want = fs.readFileSync(c.file);
            check(`save ${rel}`, Buffer.compare(got.bytes, want) === 0 && got.name === path.basename(c.file),
                `downloaded "${got.name}" ${got.bytes.length} bytes vs the input ${want.length} bytes: ` +
                (Buffer.compare(got.bytes, want) === 0 ? 'byte-identical' : `differ (first at byte ${firstDiff(got.bytes, want)})`));
        } catch (e) {
            check(name, false, `${e.message.split('\n')[0]}`);
        }
    }
    await page.close();
}

function firstDiff(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
    return n;
}

// ------------------------------------------------------------------------------------------------ b. edit

// The 2 values of tests/gd/gen_web_saves*.gd: value 1 is save_data(), whose entries are, in order,
// 0 player, 1 hp, 2 speed, 3 pos, 4 tint, 5 zone, 6 spawn, 7 inventory ([{"id", "count"} x 2]), ...
// The edits typed here, and the lines web_check.gd then must print (the values in its forms: "%.6f").
const f6 = (x) => x.toFixed(6);
const EDIT = { hp: 77, pos: [7.5, -3.25], color: '#336699', rgb: [0x33 / 255, 0x66 / 255, 0x99 / 255], alpha: 0.5, id: 'shield', count: 2 };
const EXPECTED_DIFF = [
    `CHANGED 1/hp: 42 -> ${EDIT.hp}`,
    `CHANGED 1/pos: Vector2(${f6(1.5)}, ${f6(-2)}) -> Vector2(${EDIT.pos.map(f6).join(', ')})`,
    `CHANGED 1/tint: Color(${[1, 0.5, 0.25, 1].map(f6).join(', ')}) -> Color(${[...EDIT.rgb, EDIT.alpha].map(f6).join(', ')})`,
    `ADDED 1/inventory/2/id: "${EDIT.id}"`,
    `ADDED 1/inventory/2/count: ${EDIT.count}`,
];

async function applyEdit(page, p, fill, what) {
    await select(page, p);
    const before = await rowValue(page, p);
    await fill();
    await page.click('#apply');
    const after = await changed(page, p, before);
    const s = await shown(page);
    return check(`edit ${what}`, after !== before && !s.error, `row ${p} showed ${JSON.stringify(before)}, after Apply ${JSON.stringify(after)}` +
        (s.error ? `, #error "${s.error}"` : ''));
}

// Makes the edits in one save through the page's controls and saves it; returns the saved file or null.
async function editSave(ctx, { label, file, password, outName, screenshots }) {
    const page = await newPage(ctx);
    try {
        const s = await openFile(page, file, { password, count: 2 });
        if (!check(`edit ${label}: open`, countOf(s) === 2 && !s.error, `#value-count "${s.count}", #dialect "${s.dialect}"`)) return null;
        await expand(page, '1');
        let ok = true;
        ok &&= await applyEdit(page, '1/1', async () => {
            const bits = ((await page.locator('#edit-int-bits').textContent().catch(() => '')) || '').trim();
            console.log(`  #edit-int-bits shows "${bits}"`);
            await page.fill('#edit-int', String(EDIT.hp));
        }, `${label}: hp (int) to ${EDIT.hp}`);
        ok &&= await applyEdit(page, '1/3', async () => {
            await page.fill('#edit-c0', String(EDIT.pos[0]));
            await page.fill('#edit-c1', String(EDIT.pos[1]));
        }, `${label}: pos (Vector2) to (${EDIT.pos})`);
        if (screenshots) await shot(page, 'main-selection.png');
        ok &&= await applyEdit(page, '1/4', async () => {
            await page.fill('#edit-color', EDIT.color);
            await page.fill('#edit-alpha', String(EDIT.alpha));
            if (screenshots) await shot(page, 'editor-color.png');
        }, `${label}: tint (Color) to ${EDIT.color} alpha ${EDIT.alpha}`);
        // Add on the inventory array: a copy of the last item, then its fields edited.
        await expand(page, '1/7');
        await select(page, '1/7');
        await page.click('#add');
        await page.waitForSelector(row('1/7/2'), { timeout: 5000 });
        check(`edit ${label}: Add on the inventory`, true, `row 1/7/2 appeared after Add`);
        await expand(page, '1/7/2');
        ok &&= await applyEdit(page, '1/7/2/0', () => page.fill('#edit-string', EDIT.id), `${label}: new item's id to "${EDIT.id}"`);
        ok &&= await applyEdit(page, '1/7/2/1', () => page.fill('#edit-int', String(EDIT.count)), `${label}: new item's count to ${EDIT.count}`);
        if (!ok) return null;
        const out = path.join(OUT, outName);
        const got = await save(page, out);
        check(`edit ${label}: Save`, got.bytes.length > 0, `downloaded "${got.name}", ${got.bytes.length} bytes to ${path.relative(REPO, out)}`);
        return out;
    } catch (e) {
        check(`edit ${label}`, false, e.message.split('\n')[0]);
        await shot(page, `failed-edit-${label.replace(/[^a-z0-9.]+/gi, '-')}.png`).catch(() => {});
        return null;
    } finally {
        await page.close();
    }
}

// An edit undone counts as no change: Save writes the opened file byte for byte (the encrypted 4.6 save: the
// same IV, the same bytes).
async function checkUndo(ctx) {
    const file = path.join(FIX, 'godot-4.6', 'web', 'save.gdec');
    const page = await newPage(ctx);
    try {
        await openFile(page, file, { password: PASSWORD, count: 2 });
        await expand(page, '1');
        await applyEdit(page, '1/1', () => page.fill('#edit-int', String(EDIT.hp)), `undo: hp (int) to ${EDIT.hp}`);
        const before = await rowValue(page, '1/1');
        await page.click('#undo');
        const after = await changed(page, '1/1', before);
        const got = await save(page, path.join(OUT, 'undone-4.6.gdec'));
        const want = fs.readFileSync(file);
        check('undo: Save after Undo', after === '42' && Buffer.compare(got.bytes, want) === 0,
            `row 1/1 ${JSON.stringify(before)} -> Undo -> ${JSON.stringify(after)} (want "42"); the saved file ${got.bytes.length} bytes ` +
            (Buffer.compare(got.bytes, want) === 0 ? 'is byte-identical to the input' : `differs from the input (${want.length} bytes) at byte ${firstDiff(got.bytes, want)}`));
    } catch (e) {
        check('undo', false, e.message.split('\n')[0]);
    } finally {
        await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ c. migrate

async function migrateSave(ctx) {
    const file = path.join(FIX, 'godot-3.6', 'web', 'save.gcpf');
    const page = await newPage(ctx);
    try {
        const s = await openFile(page, file, { count: 2 });
        if (!check('migrate: open the 3.6 save', s.dialect === 'godot3' && countOf(s) === 2, `#dialect "${s.dialect}", #value-count "${s.count}"`)) return null;
        await page.click('#migrate');
        await page.waitForFunction(() => document.getElementById('dialect')?.textContent.trim() === 'godot4.6', null, { timeout: 10000 }).catch(() => {});
        const m = await shown(page);
        if (!check('migrate: "Migrate to Godot 4"', m.dialect === 'godot4.6' && countOf(m) === 2 && !m.error,
            `#dialect "${m.dialect}" (want "godot4.6"), #value-count "${m.count}", #container "${m.container}"` + (m.error ? `, #error "${m.error}"` : ''))) return null;
        const out = path.join(OUT, 'migrated-3.6.gcpf');
        const got = await save(page, out);
        check('migrate: Save', got.bytes.length > 0 && got.bytes.subarray(0, 4).toString('latin1') === 'GCPF',
            `downloaded "${got.name}", ${got.bytes.length} bytes, starts "${got.bytes.subarray(0, 4).toString('latin1')}" (a compressed file stays compressed)`);
        return out;
    } catch (e) {
        check('migrate', false, e.message.split('\n')[0]);
        return null;
    } finally {
        await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ d. hostile

const u32s = (words) => Buffer.concat(words.map((w) => { const b = Buffer.alloc(4); b.writeUInt32LE(w >>> 0); return b; }));
const DICTIONARY = 27;
const ARRAY = 28;
const INT = 2;
const STRING = 4;
const PACKED_BYTE_ARRAY = 29;

// benches/hostile.rs's shapes (the same words): a key `depth` one-entry dictionaries deep, `times` times.
function deepKeys(depth, times) {
    const w = [ARRAY, times];
    for (let t = 0; t < times; t++) {
        w.push(DICTIONARY, 1);
        for (let i = 0; i < depth; i++) w.push(DICTIONARY, 1);
        w.push(INT, 7);
        for (let i = 0; i <= depth; i++) w.push(INT, 0);
    }
    return u32s(w);
}
// `levels` dictionaries, each the first key of the next, each of `entries` entries, the innermost key an
// Array of `ints` ints.
function nestedKeys(levels, entries, ints) {
    const w = [];
    for (let l = 0; l < levels; l++) w.push(DICTIONARY, entries);
    w.push(ARRAY, ints);
    for (let i = 0; i < ints; i++) w.push(INT, i);
    for (let l = 0; l < levels; l++) {
        w.push(INT, l);
        for (let e = 1; e < entries; e++) w.push(INT, 1000000 + e, INT, e);
    }
    return u32s(w);
}

function hostileFiles() {
    const dir = path.join(OUT, 'hostile');
    fs.mkdirSync(dir, { recursive: true });
    const save = fs.readFileSync(path.join(FIX, 'godot-4.6', 'web', 'save.sav'));
    const files = [
        // [name, bytes, must show an error]
        ['deep-keys.bin', deepKeys(4000, 20), true, 'benches/hostile.rs: a key 4,000 dictionaries deep, 20 times (past the depth cap)'],
        ['nested-keys.bin', nestedKeys(200, 8, 4000), false, 'benches/hostile.rs: keys nested as keys, 200 levels, a 4,000-int key (within the cap: opens or errors, within 1 s)'],
        ['string-100mb.sav', Buffer.concat([u32s([12, STRING, 100_000_000]), Buffer.from('abcd')]), true, 'a store_var of a String claiming 100,000,000 bytes, 4 present'],
        ['bytes-100mb.sav', Buffer.concat([u32s([12, PACKED_BYTE_ARRAY, 100_000_000]), Buffer.alloc(4)]), true, 'a store_var of a PackedByteArray claiming 100,000,000 bytes, 4 present'],
        ['deep-100000.bin', Buffer.concat([u32s(Array.from({ length: 100000 }, () => [ARRAY, 1]).flat()), u32s([INT, 1])]), true, 'arrays nested 100,000 deep'],
        ['truncated.sav', save.subarray(0, Math.floor(save.length / 2)), true, `tests/fixtures/godot-4.6/web/save.sav cut to ${Math.floor(save.length / 2)} of ${save.length} bytes`],
    ];
    return files.map(([name, bytes, mustError, what]) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, bytes);
        return { file, name, mustError, what, size: bytes.length };
    });
}

// Polls what the page shows until `done(shown)` has held for `stableMs` (a state that flickers, e.g. the
// error of the file before, cleared once the new file is read, does not count) or `timeout` ms passed.
// Returns the state and the ms from `t0` to when the final state first appeared.
async function stable(page, t0, done, { timeout = 5000, stableMs = 200 } = {}) {
    let since = null;
    let last = null;
    let key = '';
    while (Date.now() - t0 < timeout) {
        const s = await shown(page);
        const k = JSON.stringify(s);
        if (done(s)) {
            if (k !== key || since === null) {
                since = Date.now();
                key = k;
            }
            if (Date.now() - since >= stableMs) return { s, ms: since - t0 };
        } else {
            since = null;
            key = '';
        }
        last = s;
        await sleep(5);
    }
    return { s: last ?? (await shown(page)), ms: Date.now() - t0, timedOut: true };
}

async function openGood(page, good) {
    const t0 = Date.now();
    await page.setInputFiles('#file', good);
    return stable(page, t0, (s) => countOf(s) === 2 && !s.error, { timeout: 10000 });
}

async function checkHostile(ctx) {
    const good = path.join(FIX, 'godot-4.6', 'web', 'save.sav');
    const page = await newPage(ctx);
    try {
        const g0 = await openGood(page, good);
        check('hostile: a good file first', !g0.timedOut, `godot-4.6/web/save.sav: #value-count "${g0.s.count}"` + (g0.s.error ? `, #error "${g0.s.error}"` : ''));
        let first = true;
        for (const h of hostileFiles()) {
            const t0 = Date.now();
            await page.setInputFiles('#file', h.file);
            if (h.mustError) {
                const r = await stable(page, t0, (s) => !!s.error, { timeout: 6000 });
                check(`hostile ${h.name}`, !r.timedOut && /at byte \d+/.test(r.s.error) && r.ms <= 1000,
                    `${h.what} (${h.size} bytes): #error "${clip(r.s.error)}" after ${r.ms} ms (want "at byte N" within 1000 ms)`);
                if (first && !r.timedOut) {
                    await shot(page, 'error.png');
                    first = false;
                }
            } else {
                const r = await stable(page, t0, (s) => !!s.error || (countOf(s) !== null && s.count !== '' && !/opening/.test(s.status)), { timeout: 6000 });
                check(`hostile ${h.name}`, !r.timedOut && r.ms <= 1000,
                    `${h.what} (${h.size} bytes): ${r.s.error ? `#error "${clip(r.s.error)}"` : `opened, #value-count "${r.s.count}"`} after ${r.ms} ms`);
            }
            const g = await openGood(page, good);
            check(`hostile ${h.name}: then a good file`, !g.timedOut, `the same page opens godot-4.6/web/save.sav: #value-count "${g.s.count}"` + (g.s.error ? `, #error "${g.s.error}"` : ''));
        }
    } catch (e) {
        check('hostile', false, e.message.split('\n')[0]);
    } finally {
        await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ e. large

async function checkLarge(ctx) {
    const file = path.join(OUT, 'large.sav');
    if (!fs.existsSync(file)) {
        check('large', false, `${file} missing (written by tools/src/bin/web_large_save.rs)`);
        return;
    }
    const page = await newPage(ctx);
    const times = {};
    try {
        let t0 = Date.now();
        const s = await openFile(page, file, { count: 1 });
        times.open = Date.now() - t0;
        check('large: open', countOf(s) === 1 && !s.error, `${fs.statSync(file).size} bytes: #value-count "${s.count}" after ${times.open} ms (bound 30000)`);
        t0 = Date.now();
        await expand(page, '0');
        await expand(page, '0/1');
        times.expand = Date.now() - t0;
        const rows = await page.locator('#tree .row').count();
        check('large: the tree shows rows', rows > 0 && rows < 2000, `${rows} rows in the DOM after expanding the 10,000 entities (virtual list) in ${times.expand} ms`);
        t0 = Date.now();
        await page.hover('#tree');
        const last = row('0/1/9999');
        let wheels = 0;
        for (; wheels < 400 && (await page.locator(last).count()) === 0; wheels++) {
            await page.mouse.wheel(0, 20000);
            await sleep(10);
        }
        times.scroll = Date.now() - t0;
        const there = (await page.locator(last).count()) > 0;
        check('large: scroll to the end', there, `row 0/1/9999 rendered after ${wheels} mouse-wheel turns of 20,000 px in ${times.scroll} ms`);
        if (there) {
            t0 = Date.now();
            await select(page, '0/1/9999');
            // The text pane shows the selected entity: its selected lines hold its name.
            await page.waitForFunction(() => [...document.querySelectorAll('#text .sel')].some((e) => e.textContent.includes('"entity_9999"')),
                null, { timeout: 10000 }).catch(() => {});
            times.select = Date.now() - t0;
            const label = ((await page.locator(`${last} .label`).textContent()) || '').trim();
            const sel = (await page.locator('#text .sel').allTextContents()).join(' ');
            const hexSel = await page.locator('#hex .sel').count();
            check('large: select a late row', label.includes('9999') && sel.includes('"entity_9999"') && hexSel > 0,
                `row 0/1/9999 "${label}" selected in ${times.select} ms; #text's selected lines ${sel.includes('"entity_9999"') ? 'hold' : 'do not hold'} "name": "entity_9999" ` +
                `(${clip(sel)}); ${hexSel} selected bytes shown in #hex`);
        }
        console.log(`  large save times (ms): ${JSON.stringify(times)}`);
    } catch (e) {
        check('large', false, e.message.split('\n')[0]);
    } finally {
        await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ f. diff view

async function diffShot(ctx, edited) {
    const page = await newPage(ctx);
    try {
        const s = await openFile(page, path.join(FIX, 'godot-3.6', 'web', 'save.gcpf'), { count: 2 });
        if (countOf(s) !== 2) return;
        await page.setInputFiles('#diff-file', edited);
        await page.waitForSelector('#diff-result .change', { timeout: 10000 });
        const rows = (await page.locator('#diff-result .change').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
        // The edits of editSave: three changed leaves and one added inventory item.
        const want = ['"hp"', '"pos"', '"tint"', '"inventory" › 2'];
        const ok = rows.length === want.length && want.every((w) => rows.some((r) => r.includes(w)));
        check('diff view', ok, `#diff-result lists ${rows.length} .change rows for the 3.6 save against its edited copy (want ${want.join(', ')}): ${rows.map((r) => JSON.stringify(r.slice(0, 80))).join('; ')}`);
        await shot(page, 'diff.png');
    } catch (e) {
        check('diff view', false, e.message.split('\n')[0]);
    } finally {
        await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ g. offline

// The page works offline once loaded (its service worker): a second server (`godot-bin web`, GODOT_BIN, on
// web/dist) serves the page once, is stopped, and the reloaded page still opens a save.
async function checkOffline(ctx) {
    const bin = process.env.GODOT_BIN || path.join(process.env.CARGO_TARGET_DIR || path.join(REPO, 'target'), 'debug', 'godot-bin');
    const srv = spawn(bin, ['web', '--port', '0', '--dir', path.join(REPO, 'web', 'dist')], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise((r) => srv.on('exit', r));
    let page = null;
    try {
        const url = await new Promise((resolve, reject) => {
            let buf = '';
            srv.stdout.on('data', (d) => {
                buf += d;
                if (buf.includes('\n')) resolve(buf.split('\n')[0].trim());
            });
            srv.on('error', reject);
            setTimeout(() => reject(new Error(`${bin} web printed no URL`)), 10000);
        });
        page = await ctx.newPage();
        page.setDefaultTimeout(10000);
        await page.goto(url, { waitUntil: 'load' });
        const controlled = () => page.evaluate(() => navigator.serviceWorker?.controller != null);
        for (let i = 0; i < 3 && !(await controlled()); i++) {
            await page.evaluate(() => navigator.serviceWorker?.ready).catch(() => {});
            await page.reload({ waitUntil: 'load' });
        }
        srv.kill('SIGTERM');
        await exited;
        await page.reload({ waitUntil: 'load' });
        const s = await openFile(page, path.join(FIX, 'godot-4.6', 'web', 'save.gdec'), { password: PASSWORD, count: 2 });
        check('offline', countOf(s) === 2 && s.dialect === 'godot4.6' && !s.error,
            `its server stopped, the page reloaded from ${url} opened godot-4.6/web/save.gdec: #dialect "${s.dialect}", #value-count "${s.count}"` +
            (s.error ? `, #error "${s.error}"` : ''));
    } catch (e) {
        check('offline', false, e.message.split('\n')[0]);
    } finally {
        srv.kill('SIGTERM');
        if (page) await page.close();
    }
}

// ------------------------------------------------------------------------------------------------ main

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'godot-bin-chromium-'));
const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1440, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
});
console.log(`chromium ${ctx.browser()?.version() ?? '(version unknown)'} on ${URL_ARG}`);
// Nothing leaves the machine: every request the pages make goes to a server on 127.0.0.1 (or is local).
const outside = new Set();
ctx.on('request', (r) => {
    const u = r.url();
    if (!/^(blob|data):/.test(u) && new URL(u).hostname !== '127.0.0.1') outside.add(u);
});
const engineChecks = [];
try {
    if (wants('open')) await checkOpen(ctx);
    if (wants('edit')) {
        const e46 = await editSave(ctx, { label: '4.6 encrypted', file: path.join(FIX, 'godot-4.6', 'web', 'save.gdec'), password: PASSWORD, outName: 'edited-4.6.gdec', screenshots: true });
        if (e46) engineChecks.push({ name: 'the Godot 4.6 encrypted save edited in the page', engine: 'godot-4.6', script: 'tests/gd/web_check.gd',
            files: { 'original.gdec': path.join(FIX, 'godot-4.6', 'web', 'save.gdec'), 'edited.gdec': e46 },
            args: ['diff', 'original.gdec', 'pass', 'edited.gdec', 'pass'], expect: { diff: EXPECTED_DIFF } });
        await checkUndo(ctx);
        const e36 = await editSave(ctx, { label: '3.6 compressed', file: path.join(FIX, 'godot-3.6', 'web', 'save.gcpf'), outName: 'edited-3.6.gcpf' });
        if (e36) {
            engineChecks.push({ name: 'the Godot 3.6 compressed save edited in the page', engine: 'godot-3.6', script: 'tests/gd/web_check3.gd',
                files: { 'original.gcpf': path.join(FIX, 'godot-3.6', 'web', 'save.gcpf'), 'edited.gcpf': e36 },
                args: ['diff', 'original.gcpf', 'compressed', 'edited.gcpf', 'compressed'], expect: { diff: EXPECTED_DIFF } });
            await diffShot(ctx, e36);
        }
    }
    if (wants('migrate')) {
        const m = await migrateSave(ctx);
        if (m) engineChecks.push({ name: 'the Godot 3.6 save migrated in the page', migrate: {
            before: { engine: 'godot-3.6', script: 'tests/gd/web_check3.gd', files: { 'save.gcpf': path.join(FIX, 'godot-3.6', 'web', 'save.gcpf') }, args: ['leaves', 'save.gcpf', 'compressed'] },
            after: { engine: 'godot-4.6', script: 'tests/gd/web_check.gd', files: { 'migrated.gcpf': m }, args: ['leaves', 'migrated.gcpf', 'compressed'] },
        } });
    }
    if (wants('hostile')) await checkHostile(ctx);
    if (wants('large')) await checkLarge(ctx);
    if (wants('offline')) await checkOffline(ctx);
    check('nothing leaves the machine', outside.size === 0,
        `requests to other hosts than 127.0.0.1: ${outside.size ? [...outside].slice(0, 5).join(', ') : 'none'}`);
} finally {
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
}
// The engine checks planned (two edited saves, one migrated) and those the page's part let through.
const planned = (wants('edit') ? 2 : 0) + (wants('migrate') ? 1 : 0);
fs.writeFileSync(path.join(OUT, 'engine-checks.json'), JSON.stringify({ planned, checks: engineChecks }, null, 2));
console.log(`browser checks: ${tally.passed} passed, ${tally.failed} failed; ${engineChecks.length} engine check(s) written to ${path.relative(REPO, path.join(OUT, 'engine-checks.json'))}`);
process.exit(tally.failed > 0 ? 1 : 0);
