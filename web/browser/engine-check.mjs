// The real engines judge the files the page saved (the second half of scripts/browser-test.sh):
//
//   node web/browser/engine-check.mjs OUT_DIR
//
// reads OUT_DIR/engine-checks.json (written by inspector.test.mjs: which saved file, which original, what was
// edited) and runs tests/gd/web_check.gd (Godot 4.6) / web_check3.gd (Godot 3.6) through scripts/engine.sh:
//   diff     the engine opens the original and the saved file (with the password / open_compressed) and
//            prints every path whose value differs: exactly the edited paths, with the typed values;
//   migrate  Godot 3.6 prints every node of the original save (path, type, value), Godot 4.6 the same of the
//            migrated file; every type must be the Godot 3 type renamed as Godot 4 renamed it (the table
//            below), every value equal.
// Prints PASS/FAIL per check. Exit status: 0 all passed, 1 one failed, 3 the engines are not installed
// (nothing was checked: "SKIPPED").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, tally } from './report.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = path.resolve(process.argv[2] || path.join(REPO, 'target', 'web-browser'));
const ENGINE_SH = path.join(REPO, 'scripts', 'engine.sh');

// Godot 3 -> Godot 4 type renames (Godot's docs: "Upgrading from Godot 3 to Godot 4", the Variant types).
// Types not listed keep their name (int, float, String, Vector2, Color, NodePath, Dictionary, Array, ...).
const RENAMED_3_TO_4 = {
    PoolByteArray: 'PackedByteArray',
    PoolIntArray: 'PackedInt32Array',
    PoolRealArray: 'PackedFloat32Array',
    PoolStringArray: 'PackedStringArray',
    PoolVector2Array: 'PackedVector2Array',
    PoolVector3Array: 'PackedVector3Array',
    PoolColorArray: 'PackedColorArray',
    Transform: 'Transform3D',
    Quat: 'Quaternion',
};
const rename3 = (t) => RENAMED_3_TO_4[t] ?? t;
// A value line names its type first (e.g. "PoolIntArray[1, 2]", "Transform(...)"): rename every type name in it.
const renameValue3 = (v) => v.replace(/\b(Pool[A-Za-z0-9]+Array|Transform|Quat)\b(?=[[(])/g, (t) => rename3(t));


function installed(engine) {
    return spawnSync(ENGINE_SH, ['--check', engine], { stdio: 'ignore' }).status === 0;
}

// Runs one GDScript on an engine with the given files in its I/O directory; returns its stdout lines.
function run({ engine, script, files, args }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-check-'));
    try {
        for (const [name, from] of Object.entries(files)) fs.copyFileSync(from, path.join(dir, name));
        const r = spawnSync(ENGINE_SH, [engine, path.join(REPO, script), ...args], {
            cwd: dir,
            env: { ...process.env, ENGINE_QUIET: '1', ENGINE_TIMEOUT: process.env.ENGINE_TIMEOUT || '120' },
            encoding: 'utf8',
            maxBuffer: 64 << 20,
        });
        const lines = (r.stdout || '').split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
        return { status: r.status, lines, stderr: r.stderr || '' };
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

function checkDiff(c) {
    const r = run(c);
    const got = r.lines.filter((l) => /^(CHANGED|ADDED|REMOVED) /.test(l));
    const total = r.lines.find((l) => l.startsWith('DIFFS '));
    const want = c.expect.diff;
    const missing = want.filter((l) => !got.includes(l));
    const extra = got.filter((l) => !want.includes(l));
    const ok = r.status === 0 && total !== undefined && missing.length === 0 && extra.length === 0;
    let what = `${c.engine} ${c.args.join(' ')}: ${got.length} differing path(s), want exactly ${want.length}`;
    if (r.status !== 0 || total === undefined) what += `; the engine exited ${r.status}: ${r.lines.filter((l) => l.startsWith('ERROR')).join('; ') || r.stderr.split('\n').slice(-3).join(' ')}`;
    if (missing.length) what += `; missing: ${missing.map((l) => JSON.stringify(l)).join(', ')}`;
    if (extra.length) what += `; not edited but differ: ${extra.slice(0, 10).map((l) => JSON.stringify(l.length > 200 ? `${l.slice(0, 200)}…` : l)).join(', ')}`;
    check(c.name, ok, what);
    if (ok) for (const l of got) console.log(`  ${c.engine}: ${l}`);
}

const nodes = (lines) => lines.filter((l) => l.startsWith('NODE ')).map((l) => {
    const [p, type, cls, value] = l.slice(5).split('\t');
    return { path: p, type, cls, value };
});

function checkMigrate(c) {
    const before = run(c.migrate.before);
    const after = run(c.migrate.after);
    if (before.status !== 0 || after.status !== 0) {
        check(c.name, false, `the engines exited ${before.status} (${c.migrate.before.engine}) and ${after.status} (${c.migrate.after.engine}): ` +
            [...before.lines, ...after.lines].filter((l) => l.startsWith('ERROR')).join('; '));
        return;
    }
    const b = nodes(before.lines);
    const a = new Map(nodes(after.lines).map((n) => [n.path, n]));
    const bad = [];
    let types = 0;
    for (const n of b) {
        const m = a.get(n.path);
        if (!m) {
            bad.push(`${n.path}: missing in Godot 4.6`);
            continue;
        }
        const wantType = rename3(n.type);
        const wantValue = renameValue3(n.value);
        if (m.type !== wantType || m.cls !== n.cls) bad.push(`${n.path}: Godot 3.6 ${n.type}${n.cls ? `(${n.cls})` : ''} -> want ${wantType}, Godot 4.6 has ${m.type}${m.cls ? `(${m.cls})` : ''}`);
        else if (m.value !== wantValue) bad.push(`${n.path}: ${wantType} ${wantValue} in Godot 3.6, ${m.value} in Godot 4.6`);
        else types++;
        a.delete(n.path);
    }
    for (const p of a.keys()) bad.push(`${p}: only in Godot 4.6`);
    check(c.name, b.length > 0 && bad.length === 0,
        `Godot 3.6 read ${b.length} node(s) of the original, Godot 4.6 loaded the migrated file: ${types} with the type renamed as Godot 4 did and the same value` +
        (bad.length ? `; ${bad.length} wrong: ${bad.slice(0, 12).join('; ')}` : ''));
    if (bad.length === 0) {
        const renamed = b.filter((n) => rename3(n.type) !== n.type).map((n) => `${n.path} ${n.type} -> ${rename3(n.type)}`);
        console.log(`  renamed types seen: ${renamed.join(', ')}`);
    }
}

const file = path.join(OUT, 'engine-checks.json');
if (!fs.existsSync(file)) {
    console.log(`FAIL engine checks: ${file} missing (run inspector.test.mjs first)`);
    process.exit(1);
}
const { planned, checks } = JSON.parse(fs.readFileSync(file, 'utf8'));
const needed = [...new Set(checks.flatMap((c) => (c.migrate ? [c.migrate.before.engine, c.migrate.after.engine] : [c.engine])))];
const missing = needed.filter((e) => !installed(e));
if (missing.length) {
    console.log(`engine checks: SKIPPED (not installed: ${missing.join(', ')}; scripts/install-engines.sh installs them)`);
    process.exit(3);
}
for (const c of checks) {
    if (c.migrate) checkMigrate(c);
    else checkDiff(c);
}
// The browser part writes a check only when the page's part of it passed: fewer than planned means one is missing.
check('engine checks reached', checks.length === planned, `${checks.length} of ${planned} planned (edited saves, migrated save) reached the engines`);
console.log(`engine checks: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
