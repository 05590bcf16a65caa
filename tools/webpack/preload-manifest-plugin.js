// Writes preload.json: for each named async chunk group (the shell's `bootstrap`, a remote's `page-<name>`),
// the .js and .css files it loads. The server reads it to list, in a page's HTML, every file that page
// needs, so the browser fetches them together instead of one hop after another.
const PRELOADED_GROUP = /^(bootstrap|page-.+)$/;

class PreloadManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      // After the real content hashes, so the names are the files on disk.
      compilation.hooks.processAssets.tap(
        { name: 'PreloadManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const groups = {};
          const filesOf = (group) => group.getFiles().filter((file) => /\.(js|css)$/.test(file));
          for (const [name, group] of compilation.namedChunkGroups) {
            if (PRELOADED_GROUP.test(name)) groups[name] = filesOf(group).sort();
          }
          // The chunks of the shared libraries this build provides (React, the router...): what a host loads at
          // start when its own copies are the ones in use. (Each library's consume-side fallback chunk is left out.)
          const provided = compilation.chunkGroups.filter((g) =>
            g.origins.some((o) => o.module?.constructor.name === 'ProvideSharedModule'),
          );
          groups.shared = [...new Set(provided.flatMap(filesOf))].sort();
          compilation.emitAsset('preload.json', new sources.RawSource(`${JSON.stringify({ groups }, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { PreloadManifestPlugin };
