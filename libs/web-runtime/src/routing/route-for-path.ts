import { APP_ROUTES, type AppRoute } from '@healthlink/contracts';

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route of the shared route table that serves a pathname (`:param` segments match any one segment),
 * without the router: usable before React and the router have loaded.
 */
export function routeForPath(pathname: string): AppRoute | undefined {
  const parts = segments(pathname.split(/[?#]/)[0]);
  return APP_ROUTES.find((route) => {
    const pattern = segments(route.path);
    return pattern.length === parts.length && pattern.every((part, i) => part.startsWith(':') || part === parts[i]);
  });
}
