const { createMfConfig } = require('../tools/webpack/create-mf-config');

module.exports = createMfConfig({ appDir: __dirname, name: 'mfe_public', kind: 'remote', port: 4201 });
