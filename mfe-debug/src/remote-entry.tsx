import { createRemoteApp } from '@healthlink/web-runtime';
import { pages } from './app/routes';

/** The one exposed module (`mfe_debug/App`). */
export default createRemoteApp<'mfe_debug'>(pages);
