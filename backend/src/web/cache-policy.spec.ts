import { cacheControlFor } from './cache-policy';
import { isDeepLink } from './web-root';

describe('cacheControlFor', () => {
  it.each([
    ['remotes.json', 'no-cache'],
    ['index.html', 'no-cache'],
    ['remotes/mfe_public/1.2.0/mf-manifest.json', 'no-cache'],
    ['remotes/mfe_public/1.2.0/remoteEntry.js', 'no-cache'],
    ['remotes/mfe_public/1.2.0/src_App_tsx.js', 'public, max-age=31536000, immutable'],
    ['main.3f9a1c2b7d.js', 'public, max-age=31536000, immutable'],
    ['main.js', 'no-cache'],
    ['favicon.ico', 'no-cache'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('isDeepLink', () => {
  it.each([
    ['GET', '/about', true],
    ['GET', '/app/dashboard?x=1', true],
    ['HEAD', '/rxHistory', true],
    ['POST', '/about', false],
    ['GET', '/api', false],
    ['GET', '/api/nothing', false],
    ['GET', '/remotes/mfe_public/1.0.0/missing', false],
    ['GET', '/missing.js', false],
  ])('%s %s -> %s', (method, url, expected) => {
    expect(isDeepLink({ method, url })).toBe(expected);
  });
});
