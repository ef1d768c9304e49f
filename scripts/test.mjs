// `npm test`: every test of Marco. Unit, API (through the real server on PGlite, and on
// PostgreSQL too when TEST_DATABASE_URL is set) and web component tests with vitest, then
// the browser journeys in Chromium against the built app. Ends with one summary line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { buildWebIfNeeded, root, run } from './lib.mjs';

const e2eOnly = process.argv.includes('--e2e-only');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// Named again after the summary line: a CI log cut to its tail still says what failed.
const failures = [];
let exitCode = 0;

async function vitest(name, args) {
  const report = path.join(reportDir, `${name}.json`);
  const code = await run('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (fs.existsSync(report)) {
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    for (const file of result.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${path.relative(root, file.name)} › ${test.fullName}`);
      }
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failures.push(`${path.relative(root, file.name)} (${(file.message ?? 'did not run').split('\n')[0]})`);
      }
    }
  } else {
    totals.failed += 1;
  }
  if (code !== 0) exitCode = code;
}

if (!e2eOnly) await vitest('unit', []);

const chromium = ensureChromium();
await buildWebIfNeeded();
process.env.CHROMIUM_PATH = chromium;
await vitest('e2e', ['--config', 'apps/web/e2e/vitest.config.ts']);
console.log(`Screenshots of the journeys: ${path.join(root, 'test-results/screenshots')}`);

fs.rmSync(reportDir, { recursive: true, force: true });
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode || (totals.failed ? 1 : 0));
