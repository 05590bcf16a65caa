const { createWebJestConfig } = require('../../tools/jest/web-preset');

module.exports = createWebJestConfig(__dirname);
