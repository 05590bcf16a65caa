// Shared Jest settings for the web apps and libs (jsdom + @swc/jest, React automatic runtime).
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '../..');

/**
 * @param {string} projectDir absolute directory of the project
 * @param {{ extraSetupFiles?: string[] }} [options]
 */
function createWebJestConfig(projectDir, { extraSetupFiles = [] } = {}) {
  return {
    rootDir: projectDir,
    testEnvironment: 'jsdom',
    reporters: ['default', path.join(workspaceRoot, 'tools/jest/summary-reporter.js')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.js'), ...extraSetupFiles],
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
      '^@healthlink/contracts$': path.join(workspaceRoot, 'libs/contracts/src/index.ts'),
      '^@healthlink/web-ui$': path.join(workspaceRoot, 'libs/web-ui/src/index.ts'),
      '^@healthlink/web-runtime$': path.join(workspaceRoot, 'libs/web-runtime/src/index.ts'),
      '^@healthlink/(contracts|web-ui|web-runtime)/(.*)$': path.join(workspaceRoot, 'libs/$1/src/$2'),
      // Test helpers the web apps share; webpack has no such alias, so only tests can import them.
      '^@healthlink/test-support/(.*)$': path.join(workspaceRoot, 'tools/jest/web/$1'),
    },
  };
}

module.exports = { createWebJestConfig };
