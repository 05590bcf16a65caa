/** @type {import('jest').Config} */
module.exports = {
  ...require('../tools/jest/node-preset'),
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 60_000,
};
