export { registerWebRoot, isDeepLink } from './web-root';
export { cacheControlFor } from './cache-policy';
