// The runtime-core bindings a remote built with `externalRuntime` reads (@module-federation 2.9.2: listed
// by building a remote unminified with externalRuntime), from the package the federation's own provider
// plugin reads too (a dependency of @module-federation/enhanced, pinned with it by package-lock.json).
// Named re-exports, so the bundler keeps only these of runtime-core in the host.
export {
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
