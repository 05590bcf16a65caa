const path = require('node:path');
const { createWebJestConfig } = require('../tools/jest/web-preset');

module.exports = createWebJestConfig(__dirname, { extraSetupFiles: [path.join(__dirname, 'src/test/setup.ts')] });
