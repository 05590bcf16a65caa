import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCoreBindings from './runtime-core-bindings';

/** The global a remote built with `externalRuntime` reads its federation runtime from. */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * Host runtime plugin: gives remotes built with `externalRuntime` the host's federation runtime, so they
 * do not each ship a copy. Unlike `provideExternalRuntime` (which exposes all of runtime-core and so keeps
 * it whole in the host bundle), it hands over exactly the bindings the remotes' bundler runtime reads
 * (listed once, in runtime-core-bindings.ts). Check the list when upgrading @module-federation: a remote
 * that reads a missing one fails to load, which the browser suite shows at once.
 */
export default function provideRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'healthlink-provide-runtime-core',
    beforeInit(args) {
      // A plain object of the bindings, not the read-only module namespace itself.
      (runtimeCoreBindings.Global as unknown as Record<string, unknown>)[RUNTIME_CORE_GLOBAL] = { ...runtimeCoreBindings };
      return args;
    },
  };
}
