// The workspace's path aliases are declared once, in tsconfig.base.json `paths`; Jest and webpack read them from here.
const path = require('node:path');
const { compilerOptions } = require('../tsconfig.base.json');

const workspaceRoot = path.resolve(__dirname, '..');
const TEST_ONLY_PREFIX = '@healthlink/test-support/';
// A lib's own test helpers (`@healthlink/web-drugs/testing`) are test-only too.
const TEST_ONLY_SUFFIX = '/testing';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each alias with its absolute target; a wildcard alias (`a/*`) keeps its `*` in both. */
function tsPaths() {
  return Object.entries(compilerOptions.paths).map(([alias, targets]) => {
    if (targets.length !== 1) throw new Error(`tsconfig.base.json paths: ${alias} must have exactly one target`);
    const target = path.join(workspaceRoot, targets[0]);
    if (alias.includes('*') !== target.includes('*')) throw new Error(`tsconfig.base.json paths: ${alias} and ${targets[0]} differ in *`);
    return { alias, target, testOnly: alias.startsWith(TEST_ONLY_PREFIX) || alias.endsWith(TEST_ONLY_SUFFIX) };
  });
}

function jestModuleNameMapper() {
  return Object.fromEntries(
    tsPaths().map(({ alias, target }) => [`^${alias.split('*').map(escapeRegExp).join('(.*)')}$`, target.replace('*', '$1')]),
  );
}

// Test helpers (@healthlink/test-support/*, @healthlink/<lib>/testing) get no webpack alias, so shipped code cannot import them.
function webpackAliases() {
  return Object.fromEntries(
    tsPaths()
      .filter(({ testOnly }) => !testOnly)
      .map(({ alias, target }) => {
        if (!alias.includes('*')) return [`${alias}$`, target];
        if (!alias.endsWith('/*') || !target.endsWith(`${path.sep}*`)) throw new Error(`webpack cannot alias ${alias}: only a trailing /*`);
        return [alias.slice(0, -2), target.slice(0, -2)];
      }),
  );
}

module.exports = { jestModuleNameMapper, webpackAliases, workspaceRoot };
