// The PASS/FAIL lines of the browser and engine checks, and their tally.
export const tally = { passed: 0, failed: 0 };

// Prints "PASS name: what" or "FAIL name: what" (what: what was compared); returns ok.
export function check(name, ok, what) {
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${what}`);
    if (ok) tally.passed++;
    else tally.failed++;
    return ok;
}
