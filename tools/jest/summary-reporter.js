// Writes each jest run's totals to $TEST_SUMMARY_DIR so `npm test` can print one closing line
// ("N passed, N failed") across every project's suite.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.TEST_SUMMARY_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    // One file per jest run: a project may run jest more than once (the backend runs its solo suites after the rest).
    const name = `${this.rootDir.replace(/[^a-zA-Z0-9]+/g, '_')}-${process.pid}`;
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        rootDir: this.rootDir,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
