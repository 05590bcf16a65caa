// Shared Jest settings for the web apps and libs (jsdom + @swc/jest, React automatic runtime).
const path = require('node:path');
const { jestModuleNameMapper } = require('../paths');

/**
 * @param {string} projectDir absolute directory of the project
 * @param {{ extraSetupFiles?: string[] }} [options]
 */
function createWebJestConfig(projectDir, { extraSetupFiles = [] } = {}) {
  return {
    rootDir: projectDir,
    // jsdom hides Node's fetch, Request and streams, which msw needs.
    testEnvironment: 'jest-fixed-jsdom',
    reporters: ['default', path.join(__dirname, 'summary-reporter.js')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: [path.join(__dirname, 'web-setup.js'), path.join(__dirname, 'web/setup.ts'), ...extraSetupFiles],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-stub.js'),
      '\\.svg$': path.join(__dirname, 'file-stub.js'),
      ...jestModuleNameMapper(),
    },
  };
}

module.exports = { createWebJestConfig };
