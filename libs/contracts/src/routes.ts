/**
 * The product's route table (spec part 1 §2 and part 2 §2). The shell owns it and renders each route
 * by asking the named remote for the named page; remotes export one component that takes `page`.
 */
export type RemoteName = 'mfe_public' | 'mfe_dashboard' | 'mfe_debug';
export type RouteAccess = 'public' | 'login';

export const PUBLIC_PAGES = [
  'home',
  'about',
  'curesAct',
  'contact',
  'register',
  'privacyPolicy',
  'termsOfService',
  'coupons',
  'drugLookup',
] as const;
export const DASHBOARD_PAGES = [
  'dashboard',
  'healthSetup',
  'insuranceSelect',
  'userProfile',
  'deleteAccount',
  'drugEntry',
  'rxCoupons',
  'rxHistory',
  'rxInteractions',
  'healthHistory',
  'clinicalTrials',
  'clinicalTrialsMore',
  'medicareOptions',
  'planDetails',
  'aiDashboard',
  'intermediary',
  'authenticateReferral',
] as const;
export const DEBUG_PAGES = ['queryTool', 'savingsLookup', 'insurerUptimeCheck', 'openAi'] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];
export type DebugPage = (typeof DEBUG_PAGES)[number];

export interface PageByRemote {
  mfe_public: PublicPage;
  mfe_dashboard: DashboardPage;
  mfe_debug: DebugPage;
}

export interface AppRoute<R extends RemoteName = RemoteName> {
  path: string;
  remote: R;
  page: PageByRemote[R];
  access: RouteAccess;
}

const route = <R extends RemoteName>(path: string, remote: R, page: PageByRemote[R], access: RouteAccess): AppRoute =>
  ({ path, remote, page, access }) as AppRoute;

export const APP_ROUTES: readonly AppRoute[] = [
  route('/', 'mfe_public', 'home', 'public'),
  route('/about', 'mfe_public', 'about', 'public'),
  route('/curesAct', 'mfe_public', 'curesAct', 'public'),
  route('/contact', 'mfe_public', 'contact', 'public'),
  route('/register', 'mfe_public', 'register', 'public'),
  route('/privacyPolicy', 'mfe_public', 'privacyPolicy', 'public'),
  route('/termsOfService', 'mfe_public', 'termsOfService', 'public'),
  // The simple coupon card is public: a price search is useful before sign-up.
  route('/drugCoupons', 'mfe_public', 'coupons', 'public'),
  // Route not shown in the spec: the stand-alone drug lookup lives at /drugLookup.
  route('/drugLookup', 'mfe_public', 'drugLookup', 'public'),

  route('/app/dashboard', 'mfe_dashboard', 'dashboard', 'login'),
  route('/healthSetup', 'mfe_dashboard', 'healthSetup', 'login'),
  route('/insuranceSelect', 'mfe_dashboard', 'insuranceSelect', 'login'),
  route('/userProfile', 'mfe_dashboard', 'userProfile', 'login'),
  route('/deleteAccount', 'mfe_dashboard', 'deleteAccount', 'login'),
  route('/drugEntry', 'mfe_dashboard', 'drugEntry', 'login'),
  // Access rule not shown in the spec: the Rx Coupons variant enrolls the member's phone, so it needs a session.
  route('/rxCoupons', 'mfe_dashboard', 'rxCoupons', 'login'),
  route('/rxHistory', 'mfe_dashboard', 'rxHistory', 'login'),
  // The spec's page does not check login; it shows the user's own drugs, so we require it.
  route('/rxInteractions', 'mfe_dashboard', 'rxInteractions', 'login'),
  route('/healthHistory', 'mfe_dashboard', 'healthHistory', 'login'),
  route('/clinicalTrials', 'mfe_dashboard', 'clinicalTrials', 'login'),
  route('/clinicalTrialsMore', 'mfe_dashboard', 'clinicalTrialsMore', 'login'),
  route('/medicareOptions', 'mfe_dashboard', 'medicareOptions', 'login'),
  route('/planDetails', 'mfe_dashboard', 'planDetails', 'login'),
  route('/app/aiDashboard', 'mfe_dashboard', 'aiDashboard', 'login'),
  route('/intermediary/:insurerPathParam', 'mfe_dashboard', 'intermediary', 'login'),
  // The referral landing is how a visitor without a session gets one.
  route('/authenticateReferral', 'mfe_dashboard', 'authenticateReferral', 'public'),

  route('/errors', 'mfe_debug', 'queryTool', 'login'),
  route('/ndcLookup', 'mfe_debug', 'queryTool', 'login'),
  route('/ndcProducts', 'mfe_debug', 'queryTool', 'login'),
  route('/ndcPackages', 'mfe_debug', 'queryTool', 'login'),
  route('/rxlink', 'mfe_debug', 'savingsLookup', 'login'),
  route('/debug/insurerUptimeCheck', 'mfe_debug', 'insurerUptimeCheck', 'login'),
  route('/open-ai', 'mfe_debug', 'openAi', 'login'),
  route('/open-ai/:query', 'mfe_debug', 'openAi', 'login'),
];

/** Props of the one component every remote exposes as `./App`. */
export interface RemoteAppProps<R extends RemoteName = RemoteName> {
  page: PageByRemote[R];
}

/** The contents of `/remotes.json`: container name to the URL of its `mf-manifest.json`. */
export type RemotesManifest = Partial<Record<RemoteName, string>>;

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route of the route table that serves a pathname (`:param` segments match any one segment), without
 * a router: the web uses it before React has loaded, the server to name a page's files.
 */
export function routeForPath(pathname: string): AppRoute | undefined {
  const parts = segments(pathname.split(/[?#]/)[0]);
  return APP_ROUTES.find((route) => {
    const pattern = segments(route.path);
    return pattern.length === parts.length && pattern.every((part, i) => part.startsWith(':') || part === parts[i]);
  });
}
