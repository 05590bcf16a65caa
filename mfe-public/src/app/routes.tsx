import type { PublicPage } from '@healthlink/contracts';
import { lazyPage, routeForPath, type LazyPageComponent } from '@healthlink/web-runtime';

// One lazily loaded chunk per page, named page-<page> (the server lists its files in the page's HTML);
// features never import each other, this table composes them.
export const pages: Record<PublicPage, LazyPageComponent<object>> = {
  home: lazyPage(() => import(/* webpackChunkName: "page-home" */ '../features/home/routes/HomePage').then((m) => m.HomePage)),
  about: lazyPage(() => import(/* webpackChunkName: "page-about" */ '../features/about/routes/AboutPage').then((m) => m.AboutPage)),
  curesAct: lazyPage(() =>
    import(/* webpackChunkName: "page-curesAct" */ '../features/cures-act/routes/CuresActPage').then((m) => m.CuresActPage),
  ),
  contact: lazyPage(() =>
    import(/* webpackChunkName: "page-contact" */ '../features/contact/routes/ContactPage').then((m) => m.ContactPage),
  ),
  register: lazyPage(() =>
    import(/* webpackChunkName: "page-register" */ '../features/register/routes/RegisterPage').then((m) => m.RegisterPage),
  ),
  privacyPolicy: lazyPage(() =>
    import(/* webpackChunkName: "page-privacyPolicy" */ '../features/legal/routes/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  ),
  termsOfService: lazyPage(() =>
    import(/* webpackChunkName: "page-termsOfService" */ '../features/legal/routes/TermsOfServicePage').then((m) => m.TermsOfServicePage),
  ),
  coupons: lazyPage(() =>
    import(/* webpackChunkName: "page-coupons" */ '../features/coupons/routes/CouponsPage').then((m) => m.CouponsPage),
  ),
  drugLookup: lazyPage(() =>
    import(/* webpackChunkName: "page-drugLookup" */ '../features/drug-lookup/routes/DrugLookupPage').then((m) => m.DrugLookupPage),
  ),
};

/** Starts loading the chunk of the page at this path (when it is one of ours) before the page renders. */
export function preloadPageFor(pathname: string): void {
  const route = routeForPath(pathname);
  if (route?.remote === 'mfe_public') pages[route.page as PublicPage].preload();
}
