import root from '../eslint.config.mjs';

// The root config (module boundaries between projects) plus the backend's own rules.
export default [
  ...root,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through ConfigService; process.env is read only in src/config/.',
        },
      ],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' }],
    },
  },
];
