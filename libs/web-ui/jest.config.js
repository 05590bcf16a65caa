const { createWebJestConfig } = require('../../tools/webpack/jest-preset');

module.exports = createWebJestConfig(__dirname);
