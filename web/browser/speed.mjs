// The page's speed on a large save, measured in the page: from the input event (dispatched in the page, the
// time taken with performance.now()) to the first animation frame after which the page shows the result.
//
//   node web/browser/speed.mjs FILE [PASSWORD] [ROUNDS]
//
// The page is served by `godot-bin web --port 0` (GODOT_BIN, default target/debug/godot-bin: the app built
// into it; WEB_DIR: a folder to serve instead), started and stopped by this script.
// FILE: a save of the benches' game state (tools/src/bin/web_large_save.rs: value 0 is {tick, entities,
// map}, each entity {id, name, pos, vel, hp, ...}); PASSWORD if it is encrypted. Prints one line per
// interaction with the time of each round, and a JSON line of the medians and worst cases.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [FILE, PASSWORD = '', ROUNDS = '3'] = process.argv.slice(2);
if (!FILE) {
    console.error('usage: node web/browser/speed.mjs FILE [PASSWORD] [ROUNDS]');
    process.exit(2);
}
const bin = process.env.GODOT_BIN || path.join(process.env.CARGO_TARGET_DIR || path.join(REPO, 'target'), 'debug', 'godot-bin');
const server = spawn(bin, ['web', '--port', '0', ...(process.env.WEB_DIR ? ['--dir', process.env.WEB_DIR] : [])], {
    stdio: ['ignore', 'pipe', 'ignore'],
});
const URL_ARG = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    server.on('exit', () => reject(new Error('godot-bin web stopped')));
});

// In the page: runs `act` (source of a function), then waits frame by frame until `done` (source of a
// function) holds; the milliseconds from before `act` to that frame.
async function timed(page, act, done, timeout = 30000) {
    return page.evaluate(
        async ([act, done, timeout]) => {
            const a = new Function(`return (${act})`)();
            const d = new Function(`return (${done})`)();
            const t0 = performance.now();
            a();
            for (;;) {
                await new Promise((r) => requestAnimationFrame(r));
                if (d()) return performance.now() - t0;
                if (performance.now() - t0 > timeout) return -1;
            }
        },
        [act.toString(), done.toString(), timeout],
    );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function round(page) {
    const t = {};
    await page.goto(URL_ARG, { waitUntil: 'load' });
    await page.setInputFiles('#file', FILE);
    if (PASSWORD) {
        await page.waitForSelector('#password-box:not([hidden])', { timeout: 30000 });
        await page.fill('#password', PASSWORD);
        t.open = await timed(
            page,
            () => document.getElementById('password-ok').click(),
            () => document.querySelector('#tree .row[data-path="0"].selected') !== null,
        );
    } else {
        t.open = -2;
        await page.waitForSelector('#tree .row[data-path="0"].selected', { timeout: 30000 });
    }
    // Let the open's remaining answers (the text pane, the byte colours) arrive before the next input.
    await page.waitForTimeout(300);
    const row = (p) => `#tree .row[data-path="${p}"]`;
    const click = (sel) => new Function(`return () => document.querySelector('${sel}').click()`)();
    const has = (sel) => new Function(`return () => document.querySelector('${sel}') !== null`)();
    t.expand = await timed(page, click(`${row('0')} .toggle`), has(row('0/1')));
    t.expand_entities = await timed(page, click(`${row('0/1')} .toggle`), has(row('0/1/0')));
    t.scroll = await timed(
        page,
        () => {
            const tree = document.getElementById('tree');
            tree.scrollTop = tree.scrollHeight / 2;
        },
        () => [...document.querySelectorAll('#tree .row')].some((r) => r.dataset.path === '0/1/9990' || r.dataset.path === '0/1/10000' || /^0\/1\/99\d\d$|^0\/1\/100\d\d$/.test(r.dataset.path)) &&
            [...document.querySelectorAll('#tree .row .label')].every((l) => l.textContent !== ''),
    );
    await page.evaluate(() => (document.getElementById('tree').scrollTop = 0));
    await page.waitForTimeout(100);
    t.select = await timed(
        page,
        () => document.querySelector('#tree .row[data-path="0/1/3"] .label').click(),
        () => document.querySelector('#tree .row[data-path="0/1/3"].selected') !== null &&
            document.getElementById('editor-path').textContent.includes('[3]'),
    );
    await page.waitForTimeout(300);
    t.expand_entity = await timed(page, click(`${row('0/1/3')} .toggle`), has(row('0/1/3/4')));
    await page.locator(`${row('0/1/3/4')} .label`).click();
    await page.waitForFunction(() => document.getElementById('editor-path').textContent.includes('hp'));
    await page.waitForTimeout(300);
    const before = await page.locator(`${row('0/1/3/4')} .value`).textContent();
    const next = before.trim() === '55.5' ? '66.25' : '55.5';
    await page.fill('#edit-float', next);
    t.edit = await timed(
        page,
        () => document.getElementById('edit-float').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
        new Function(`return () => document.querySelector('#tree .row[data-path="0/1/3/4"] .value')?.textContent.trim() === '${next}'`)(),
    );
    return t;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log(`  (page error: ${e.message})`));
if (process.env.SPEED_LOG) page.on('console', (m) => console.log(`  ${m.text()}`));
const rounds = [];
for (let i = 0; i < Number(ROUNDS); i++) {
    const t = await round(page);
    console.log(`round ${i + 1}: ${Object.entries(t).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
    rounds.push(t);
}
const summary = {};
for (const k of Object.keys(rounds[0])) {
    const xs = rounds.map((r) => r[k]);
    summary[k] = { median: Math.round(median(xs)), worst: Math.round(Math.max(...xs)) };
}
console.log(JSON.stringify(summary));
await browser.close();
server.kill();
