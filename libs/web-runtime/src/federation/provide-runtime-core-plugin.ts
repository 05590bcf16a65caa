import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The package the federation's own provider plugin reads too (a dependency of @module-federation/enhanced,
// pinned with it by package-lock.json).
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  Global,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/** The global a remote built with `experiments.externalRuntime` reads its federation runtime from. */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * Host runtime plugin: gives remotes built with `externalRuntime` the host's federation runtime, so they
 * do not each ship a copy. Unlike `provideExternalRuntime` (which exposes all of runtime-core and so keeps
 * it whole in the host bundle), it hands over exactly the bindings the remotes' bundler runtime reads
 * (@module-federation 2.9.2: listed by building a remote unminified with externalRuntime). Check the list
 * when upgrading @module-federation: a remote that reads a missing one fails to load, which the
 * browser suite shows at once.
 */
export default function provideRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'healthlink-provide-runtime-core',
    beforeInit(args) {
      (Global as unknown as Record<string, unknown>)[RUNTIME_CORE_GLOBAL] = {
        assert,
        CurrentGlobal,
        getGlobalFederationConstructor,
        getRemoteEntry,
        getRemoteInfo,
        Global,
        helpers,
        loadScript,
        loadScriptNode,
        Module,
        ModuleFederation,
        registerGlobalPlugins,
        satisfy,
        setGlobalFederationConstructor,
        setGlobalFederationInstance,
      };
      return args;
    },
  };
}
