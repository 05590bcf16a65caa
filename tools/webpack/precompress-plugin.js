// Writes a .gz (gzip -9) and a .br (brotli 11) beside every text asset of a production build, once, at
// build time, for servers that send precompressed files (@fastify/static `preCompressed`, nginx
// `gzip_static`). Compressing at the highest level costs nothing per request this way.
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const TEXT_ASSET = /\.(js|css|html|json|svg)$/;
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      // After minifying and the real content hashes (OPTIMIZE_HASH): each .gz/.br holds exactly the file beside it.
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.entries(assets)
            .filter(([name, source]) => TEXT_ASSET.test(name) && source.size() >= MIN_BYTES)
            .map(async ([name, source]) => {
              const buffer = source.buffer();
              const [gz, br] = await Promise.all([
                gzip(buffer, { level: 9 }),
                brotli(buffer, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
                }),
              ]);
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), { compressed: true });
              compilation.emitAsset(`${name}.br`, new sources.RawSource(br), { compressed: true });
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
