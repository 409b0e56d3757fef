#!/usr/bin/env python3
"""Run decode probes through a real engine, in batches, surviving crashes and hangs (python3 stdlib only).

    scripts/run_probes.py ENGINE PROBES_IN.tsv OUT_DIR [--batch N] [--timeout SECONDS]

ENGINE is godot-3.2.3, godot-3.6 or godot-4.6 (run through scripts/engine.sh).  PROBES_IN.tsv is what
scripts/make_probes.py writes.  Writes OUT_DIR/probes.tsv:

    id<TAB>allow_objects<TAB>input_hex<TAB>accepted(0/1)<TAB>reencoded_hex

and OUT_DIR/crashes.tsv (id, allow_objects, hex, reason) for probes that crashed or hung the engine, or
raised a script error in the driver; those are left out of probes.tsv.  The driver (tests/gd/probe.gd,
probe3.gd) prints "@@P <n>" to stderr before each probe, so after a crash the probe that was running is
known; the batch is resumed after it.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MARK = re.compile(r'^@@P (\d+)\s*$', re.M)


def read_probes(path):
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            parts = line.split('\t')
            while len(parts) < 3:
                parts.append('')
            out.append((parts[0], parts[1], parts[2]))
    return out


def engine_version(engine):
    r = subprocess.run([os.path.join(HERE, 'engine.sh'), '--version', engine], capture_output=True, text=True)
    return r.stdout.strip() or '?'


def run_batch(engine, script, batch, timeout):
    """Returns (rc, output_lines, last_started_index_or_None, seconds)."""
    tmp = tempfile.mkdtemp(prefix='godot-probes.')
    try:
        with open(os.path.join(tmp, 'probes_in.tsv'), 'w', encoding='utf-8') as f:
            for pid, allow, hx in batch:
                f.write('%s\t%s\t%s\n' % (pid, allow, hx))
        env = dict(os.environ, ENGINE_TIMEOUT=str(timeout))
        t0 = time.time()
        with open(os.path.join(tmp, 'stderr.log'), 'wb') as errf:
            try:
                p = subprocess.run([os.path.join(HERE, 'engine.sh'), engine, script], cwd=tmp, env=env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errf,
                                   timeout=timeout + 60)
                rc = p.returncode
            except subprocess.TimeoutExpired:
                rc = 124
        dt = time.time() - t0
        lines = []
        outp = os.path.join(tmp, 'probes.tsv')
        if os.path.exists(outp):
            with open(outp, encoding='utf-8', errors='replace') as f:
                for line in f:
                    if line.endswith('\n'):
                        lines.append(line.rstrip('\n'))
        with open(os.path.join(tmp, 'stderr.log'), encoding='utf-8', errors='replace') as f:
            marks = MARK.findall(f.read())
        last = int(marks[-1]) if marks else None
        return rc, lines, last, dt
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def reason_of(rc):
    if rc == 124:
        return 'timeout'
    if rc < 0:
        return 'signal %d' % -rc
    if rc > 128:
        return 'signal %d' % (rc - 128)
    return 'exit %d' % rc


def main(argv):
    args = argv[1:]
    batch_size, timeout = 1000, 180
    if '--batch' in args:
        i = args.index('--batch')
        batch_size = int(args[i + 1])
        del args[i:i + 2]
    if '--timeout' in args:
        i = args.index('--timeout')
        timeout = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.stderr.write(__doc__)
        return 2
    engine, probes_in, out_dir = args
    script = os.path.join(REPO, 'tests', 'gd', 'probe.gd' if engine.startswith('godot-4') else 'probe3.gd')
    if subprocess.run([os.path.join(HERE, 'engine.sh'), '--check', engine]).returncode != 0:
        return 3
    probes = read_probes(probes_in)
    version = engine_version(engine)
    results = {}
    crashes = []    # (id, allow, hex, reason)
    skip = set()
    pending = list(probes)
    runs = 0
    t_start = time.time()
    while pending:
        batch = pending[:batch_size]
        rc, lines, last, dt = run_batch(engine, script, batch, timeout)
        runs += 1
        done = 0
        for k, line in enumerate(lines):
            parts = line.split('\t')
            if k >= len(batch) or parts[0] != batch[k][0]:
                raise SystemExit('run_probes: output out of step at %r' % (line[:80],))
            if len(parts) >= 5 and parts[3] == 'E':
                crashes.append((batch[k][0], batch[k][1], batch[k][2], 'script-error'))
                skip.add(batch[k][0])
            else:
                results[parts[0]] = line
            done += 1
        if done < len(batch):
            # The engine died or hung inside this batch: "@@P n" names the probe that was running.
            if last is None and done == 0:
                raise SystemExit('run_probes: %s did not start (%s); see scripts/engine.sh' % (engine, reason_of(rc)))
            if last is None or last < done:
                last = done
            culprit = batch[last]
            crashes.append((culprit[0], culprit[1], culprit[2], reason_of(rc)))
            skip.add(culprit[0])
            sys.stderr.write('run_probes: %s: probe %s -> %s\n' % (engine, culprit[0], reason_of(rc)))
        elif rc != 0:
            sys.stderr.write('run_probes: %s: batch finished but the engine exited with %s\n' % (engine, reason_of(rc)))
        pending = [p for p in pending if p[0] not in results and p[0] not in skip]
    elapsed = time.time() - t_start
    os.makedirs(out_dir, exist_ok=True)
    accepted = 0
    wrapper = '0x1c (Array, 4.x)' if engine.startswith('godot-4') else '0x13 (Array, 3.x)'
    with open(os.path.join(out_dir, 'probes.tsv'), 'w', encoding='utf-8') as f:
        f.write('# godot_bin decode probes; engine %s %s; columns: id, allow_objects, input_hex, accepted (0/1), '
                'reencoded_hex (- = rejected, ! = accepted but re-encoding failed); the input is decoded as element 0 '
                'of a one-element Array (u32 header %s, u32 count 1, input)\n' % (engine, version, wrapper))
        for pid, allow, hx in probes:
            if pid in results:
                f.write(results[pid] + '\n')
                accepted += results[pid].split('\t')[3] == '1'
    with open(os.path.join(out_dir, 'crashes.tsv'), 'w', encoding='utf-8') as f:
        f.write('# godot_bin probes that crashed/hung %s %s or raised a script error in the driver; '
                'columns: id, allow_objects, hex, reason\n' % (engine, version))
        for c in crashes:
            f.write('\t'.join(c) + '\n')
    sys.stderr.write('run_probes: %s: %d probes, %d accepted, %d crashes, %d engine runs, %.1f s\n'
                     % (engine, len(results), accepted, len(crashes), runs, elapsed))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
