import { createContext } from 'react';
import { loadRemoteApp, type RemoteAppLoader } from './remote-loader';

/** The seam between RemoteArea and the federation runtime; tests provide a fake loader here. */
export const RemoteLoaderContext = createContext<RemoteAppLoader>(loadRemoteApp);
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;
