// Jest on Node 20 cannot require() ESM-only packages (@nestjs 12, cookie 2, ...): @swc/jest compiles
// them to CommonJS along with the project's TypeScript (PLATFORM-NOTES.md).
const { jestModuleNameMapper } = require('../paths');

const swcTs = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const swcJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  testEnvironment: 'node',
  reporters: ['default', require.resolve('./summary-reporter')],
  transform: { '^.+\\.ts$': swcTs, '^.+\\.m?js$': swcJs },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|oauth4webapi|cookie|content-disposition|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)',
  ],
  moduleNameMapper: jestModuleNameMapper(),
};
