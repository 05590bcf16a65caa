// One webpack + Module Federation config for every web app, so the four configs cannot drift.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrecompressPlugin } = require('./precompress-plugin');
const { PreloadManifestPlugin } = require('./preload-manifest-plugin');
const { webpackAliases } = require('../paths');
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
      // `version` is given because react-router is provided through a facade (below) whose own folder has no version.
      return [key, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
}

/**
 * `react-router` resolves to shared/react-router.mjs, a facade that re-exports the declarative router only.
 * A shared singleton cannot be tree-shaken (its consumers are unknown at build time), so sharing the
 * package itself ships all of it, data routers and server runtime included: 60 KB gzip; through the facade,
 * 14 KB. An import the facade lacks fails the build (exportsPresence below): add it there. Jest resolves
 * the real package. (The same for @tanstack/react-query saves 0.2 KB: not worth it.)
 */
const sharedFacades = (isProd) => ({
  'react-router$': path.join(__dirname, 'shared/react-router.mjs'),
  'react-router-full$': path.join(workspaceRoot, `node_modules/react-router/dist/${isProd ? 'production' : 'development'}/index.mjs`),
});

const PROVIDE_RUNTIME_CORE_PLUGIN = path.join(workspaceRoot, 'libs/web-runtime/src/federation/provide-runtime-core-plugin.ts');

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
    // Remotes use the host's federation runtime instead of shipping a second copy (remoteEntry.js 19 -> 8 KB
    // gzip). The federation's own provideExternalRuntime hands remotes the whole, untree-shaken runtime-core
    // (+22 KB on the host); our plugin hands over only the bindings a remote's bundler runtime reads (+0.2 KB).
    // Release order: a host built so first, then remotes (an older host does not provide the runtime).
    // HEALTHLINK_MF_EXTERNAL_RUNTIME=false builds self-contained remotes.
    const useExternalRuntime = isProd && process.env.HEALTHLINK_MF_EXTERNAL_RUNTIME !== 'false';
    const allRuntimePlugins = isHost && useExternalRuntime ? [...runtimePlugins, PROVIDE_RUNTIME_CORE_PLUGIN] : runtimePlugins;
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
      experiments: { css: true },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: { ...sharedFacades(isProd), ...webpackAliases() } },
      module: {
        rules: [
          // The contracts are pure declarations: what an app does not import is dropped from its bundle.
          { test: /libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            // Our code importing something a module does not export (e.g. missing from the router facade) fails the build.
            parser: { exportsPresence: 'error' },
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
          // Native CSS chunks: styles load as .css files beside their JS chunk, not as strings inside JS.
          { test: /\.css$/, type: 'css/global' },
          // Pictures are files (sized, lazily loaded by the page), not JavaScript.
          { test: /\.svg$/, type: 'asset/resource', generator: { filename: '[name].[contenthash:8][ext]' } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './App': './src/remote-entry.tsx' } }),
          shared: sharedConfig(),
          runtimePlugins: allRuntimePlugins,
          manifest: true,
          dts: false,
          experiments: {
            // Leaves out the federation runtime's Node code; a remote loads no other remote (conventions), so its
            // runtime also leaves out remote loading and manifest snapshots: remoteEntry.js 27 -> 19 KB gzip.
            optimization: isHost ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true },
            ...(useExternalRuntime && !isHost ? { externalRuntime: true } : {}),
          },
        }),
        // The host always has a page; a remote gets one only for its stand-alone dev mount.
        ...(isHost || !isProd
          ? [
              new HtmlWebpackPlugin({
                template: isHost ? path.join(appDir, 'src/index.html') : path.join(__dirname, 'dev-index.html'),
                title: title ?? name,
              }),
            ]
          : []),
        new PreloadManifestPlugin(),
        ...(isProd ? [new PrecompressPlugin()] : []),
      ],
      // A remote's pages share the web-runtime and contracts code in one chunk, whatever subset each page
      // uses, instead of webpack copying small modules into every page chunk.
      optimization: isHost
        ? {}
        : {
            splitChunks: {
              cacheGroups: {
                // The drug pages' rules and texts stay with those pages: the home page (which loads web-runtime
                // first) does not carry them.
                contractsPricing: {
                  test: /libs[\\/]contracts[\\/](src|dist)[\\/]pricing/,
                  name: 'contracts-pricing',
                  chunks: 'async',
                  minChunks: 2,
                  priority: 20,
                  enforce: true,
                },
                webRuntime: {
                  test: /libs[\\/](web-runtime|contracts)[\\/]/,
                  name: 'web-runtime',
                  chunks: 'async',
                  minChunks: 2,
                  priority: 10,
                  enforce: true,
                },
              },
            },
          },
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
