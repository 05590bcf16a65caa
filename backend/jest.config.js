/** @type {import('jest').Config} */
module.exports = {
  ...require('../tools/jest/node-preset'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/pg-boss-delay.ts'],
  maxWorkers: 2,
  testTimeout: 30000,
};
