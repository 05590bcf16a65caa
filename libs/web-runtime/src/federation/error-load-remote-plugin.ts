import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { unavailableResult } from './unavailable-result';

/**
 * Federation runtime plugin (second fallback layer): a remote that cannot be loaded resolves to an
 * "unavailable" result instead of an opaque runtime error, which the loader turns into
 * RemoteUnavailableError for the area's error boundary. Runtime plugins must be default exports.
 */
export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'healthlink-error-load-remote',
    errorLoadRemote(args) {
      // The manifest step ('afterResolve') is reported again at 'onLoad'; answer once, there.
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`[federation] ${args.id} could not be loaded`, args.error);
      return unavailableResult(args.id, args.error);
    },
  };
}
