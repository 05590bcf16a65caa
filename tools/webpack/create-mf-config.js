// One webpack + Module Federation config for every web app, so the four configs cannot drift.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const rootPackage = require('../../package.json');

const workspaceRoot = path.resolve(__dirname, '../..');
const rootDependencies = { ...rootPackage.dependencies, ...rootPackage.devDependencies };

// Shared as singletons everywhere; no `eager`: each app's index.ts is an async boundary.
const SHARED_SINGLETONS = ['react', 'react/', 'react-dom', 'react-dom/', 'react-router', '@tanstack/react-query', 'react-hot-toast'];

function sharedConfig() {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => {
      const pkg = key.replace(/\/$/, '');
      const version = rootDependencies[pkg];
      if (!version) throw new Error(`${pkg} is shared but not a dependency in the root package.json`);
      // A caret range: a remote built against a later patch or minor still shares the host's copy.
      return [key, { singleton: true, requiredVersion: `^${version}` }];
    }),
  );
}

const aliases = {
  '@healthlink/contracts': path.join(workspaceRoot, 'libs/contracts/src'),
  '@healthlink/web-ui': path.join(workspaceRoot, 'libs/web-ui/src'),
  '@healthlink/web-runtime': path.join(workspaceRoot, 'libs/web-runtime/src'),
};

/**
 * @param {object} options
 * @param {string} options.appDir absolute directory of the app (holds src/ and receives dist/)
 * @param {string} options.name federation container name (snake_case)
 * @param {'host' | 'remote'} options.kind
 * @param {number} options.port dev-server port
 * @param {string} [options.title] initial document title (defaults to the container name)
 * @param {string[]} [options.runtimePlugins] absolute paths of federation runtime plugins
 */
function createMfConfig({ appDir, name, kind, port, title, runtimePlugins = [] }) {
  const isHost = kind === 'host';
  return (_env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProd = mode === 'production';
    // Measured: on a page with one remote (the usual case) this costs about 5 KB gzip more than it
    // saves (the host's copy of the runtime cannot be tree-shaken); it pays off from two remotes on.
    // Opt in with HEALTHLINK_MF_EXTERNAL_RUNTIME=true; host and remotes must then all be built so.
    const useExternalRuntime = isProd && process.env.HEALTHLINK_MF_EXTERNAL_RUNTIME === 'true';
    return {
      mode,
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        // The federation runtime resolves this name without a chunk, so no [contenthash] here.
        filename: isProd ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
        // Spec part 1 §8: a script chunk that fails to load fails after 120 seconds.
        chunkLoadTimeout: 120_000,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: aliases },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProd, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} }
            : { filename: 'remoteEntry.js', exposes: { './App': './src/remote-entry.tsx' } }),
          shared: sharedConfig(),
          runtimePlugins,
          manifest: true,
          dts: false,
          // Remotes then use the host's federation runtime instead of shipping a second copy.
          ...(useExternalRuntime ? { experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true } } : {}),
        }),
        // The host always has a page; a remote gets one only for its stand-alone dev mount.
        ...(isHost || !isProd
          ? [new HtmlWebpackPlugin({ template: isHost ? path.join(appDir, 'src/index.html') : path.join(__dirname, 'dev-index.html'), title: title ?? name })]
          : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        static: isHost ? [{ directory: path.join(appDir, 'dev'), publicPath: '/' }] : false,
        proxy: isHost ? [{ context: ['/api'], target: process.env.HEALTHLINK_API_URL || 'http://localhost:8080' }] : [],
      },
    };
  };
}

module.exports = { createMfConfig, SHARED_SINGLETONS, workspaceRoot };
