/**
 * Module boundaries inside the backend (CONVENTIONS.md). Specs may reach into what they test; the rules
 * below hold for the code that ships.
 */
const notSpec = '\\.(spec|int-spec)\\.ts$';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'common-not-to-modules',
      comment: 'common/ is below every module.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'jobs-not-to-modules',
      comment: 'jobs/ (pg-boss) is platform, below every module.',
      severity: 'error',
      from: { path: '^src/jobs/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'config-is-a-leaf',
      comment: 'config/ depends on nothing of the app.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/(common|database|modules|web)/' },
    },
    {
      name: 'module-via-index-only',
      comment: 'A module reaches another module only through its index.ts.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: notSpec },
      to: { path: '^src/modules/([^/]+)/.+', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-modules-via-index-only',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', notSpec] },
      to: { path: '^src/modules/[^/]+/.+', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'nothing-imports-debug',
      comment: 'debug sits on top; others log through the ErrorRecorder port in common/.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/debug/', '^src/app\\.module\\.ts$', notSpec] },
      to: { path: '^src/modules/debug/' },
    },
    {
      name: 'nothing-imports-uptime',
      comment: 'uptime sits on top: it reads the insurers catalogue, nothing reads it.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/uptime/', '^src/app\\.module\\.ts$', notSpec] },
      to: { path: '^src/modules/uptime/' },
    },
    {
      name: 'controllers-no-data-access',
      comment: 'Controllers route; services decide; repositories are the only TypeORM users.',
      severity: 'error',
      from: { path: '\\.controller\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '(^|/)node_modules/typeorm/', '(^|/)node_modules/@nestjs/typeorm/'] },
    },
    {
      name: 'services-no-typeorm-queries',
      comment: 'Services and jobs use repositories, not TypeORM directly (types such as EntityManager excepted).',
      severity: 'error',
      from: { path: '\\.(service|job)\\.ts$', pathNot: notSpec },
      to: { path: '(^|/)node_modules/@nestjs/typeorm/' },
    },
    {
      name: 'ai-external-provider-via-port',
      comment:
        'Only ai.module.ts picks the OpenAI-compatible adapter (AI_PROVIDER): the rest of the app reaches it through the AiProvider port, whose inputs carry no PHI.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/ai/ai\\.module\\.ts$', '^src/modules/ai/providers/openai\\.provider\\.ts$', notSpec] },
      to: { path: '^src/modules/ai/providers/openai\\.provider\\.ts$' },
    },
    {
      name: 'no-src-to-test',
      severity: 'error',
      from: { path: '^src/', pathNot: notSpec },
      to: { path: '^test/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-dev-deps-in-src',
      severity: 'error',
      from: { path: '^src/', pathNot: notSpec },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^\.\./libs/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace libs resolve to their TypeScript source (`types`), so the rules hold before any build.
    enhancedResolveOptions: { mainFields: ['types', 'main'], extensions: ['.ts', '.js', '.json'] },
    exclude: { path: '^dist/' },
    combinedDependencies: true,
  },
};
