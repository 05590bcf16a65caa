// Writes each jest run's totals, and the tests that failed, to $TEST_SUMMARY_DIR so `npm test` can close with the
// failures and one line ("N passed, N failed") across every project's suite: CI keeps only the end of a long log.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

// The first lines of a failure, without the terminal's colours or the test runner's own stack frames: enough to name
// the cause, short enough to read.
const FAILURE_LINES = 12;
const stripColours = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text) =>
  stripColours(text)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(line))
    .slice(0, FAILURE_LINES)
    .join('\n');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.TEST_SUMMARY_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const failures = [];
    for (const suite of results.testResults) {
      const file = relative(this.rootDir, suite.testFilePath);
      if (suite.testExecError) {
        failures.push({ file, test: '(the suite did not run)', message: firstLines(suite.testExecError.message ?? '') });
      }
      for (const test of suite.testResults) {
        if (test.status !== 'failed') continue;
        failures.push({ file, test: test.fullName, message: firstLines(test.failureMessages.join('\n')) });
      }
    }
    // One file per jest run: a project may run jest more than once (the backend runs its solo suites after the rest).
    const name = `${this.rootDir.replace(/[^a-zA-Z0-9]+/g, '_')}-${process.pid}`;
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        rootDir: this.rootDir,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
        failures,
      }),
    );
  }
}

module.exports = SummaryReporter;
