const path = require('node:path');
const { createMfConfig } = require('../tools/webpack/create-mf-config');

module.exports = createMfConfig({
  appDir: __dirname,
  name: 'mfe_shell',
  kind: 'host',
  port: 4200,
  runtimePlugins: [path.resolve(__dirname, '../libs/web-runtime/src/federation/error-load-remote-plugin.ts')],
});
