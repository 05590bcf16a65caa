/** @type {import('jest').Config} */
module.exports = {
  ...require('../tools/jest/node-preset'),
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
};
