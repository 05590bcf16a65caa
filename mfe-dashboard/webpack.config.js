const { createMfConfig } = require('../tools/webpack/create-mf-config');

module.exports = createMfConfig({ appDir: __dirname, name: 'mfe_dashboard', kind: 'remote', port: 4202 });
