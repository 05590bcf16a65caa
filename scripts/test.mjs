// `npm test`: check the formatting, lint and type-check everything, build, run every project's tests (unit, integration on
// real PostgreSQL, web components), then the browser suite against the product started as
// `npm start` starts it. Ends with one line: "N passed, N failed".
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { nxEnv, run } from './lib/workspace.mjs';

const summaryDir = mkdtempSync(join(tmpdir(), 'healthlink-test-'));
const env = { ...nxEnv(), TEST_SUMMARY_DIR: summaryDir };
const nx = (...args) => run('npx', ['nx', ...args, '--outputStyle=stream'], { env });

let failure;
try {
  await run('npx', ['prettier', '--check', '--cache', '.']).catch(() => {
    throw new Error('Formatting: prettier lists above the files that differ from .prettierrc.json. Run `npm run format`, then test again.');
  });
  await nx('run-many', '-t', 'lint', 'typecheck', '--parallel=2');
  await nx('run-many', '-t', 'build', '--parallel=2');
  // One project at a time: the backend's suites already use both cores (two jest workers, PostgreSQL), and its timed
  // tests (a listener's heartbeat, a worker's start-up) measured with a third process beside them fail on a slow day.
  await nx('run-many', '-t', 'test', '--parallel=1', '--exclude=e2e');
  await nx('run', 'e2e:test');
} catch (err) {
  failure = err;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
if (existsSync(summaryDir)) {
  for (const file of readdirSync(summaryDir)) {
    const r = JSON.parse(readFileSync(join(summaryDir, file), 'utf8'));
    passed += r.passed;
    failed += r.failed;
    skipped += r.skipped;
    const project = relative(process.cwd(), r.rootDir);
    for (const f of r.failures ?? []) failures.push({ ...f, file: join(project, f.file) });
  }
  rmSync(summaryDir, { recursive: true, force: true });
}
// The failures again at the end, where a long log's reader (and CI's excerpt) looks first.
if (failures.length > 0) {
  console.error(`\nFailed tests (${failures.length}):`);
  for (const f of failures) {
    console.error(`\n- ${f.file} > ${f.test}`);
    if (f.message) console.error(f.message.replace(/^/gm, '    '));
  }
}
if (failure) {
  console.error(`\n${failure.message}`);
  if (failed === 0) failed = 1; // a step that failed before or outside its tests still fails the run
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failure || failed ? 1 : 0);
