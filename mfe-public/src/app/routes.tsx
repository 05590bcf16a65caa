import type { PublicPage } from '@healthlink/contracts';
import { lazyPage, routeForPath, type LazyPageComponent } from '@healthlink/web-runtime';

// One lazily loaded chunk per page; features never import each other, this table composes them.
export const pages: Record<PublicPage, LazyPageComponent<object>> = {
  home: lazyPage(() => import('../features/home/routes/HomePage').then((m) => m.HomePage)),
  about: lazyPage(() => import('../features/about/routes/AboutPage').then((m) => m.AboutPage)),
  curesAct: lazyPage(() => import('../features/cures-act/routes/CuresActPage').then((m) => m.CuresActPage)),
  contact: lazyPage(() => import('../features/contact/routes/ContactPage').then((m) => m.ContactPage)),
  register: lazyPage(() => import('../features/register/routes/RegisterPage').then((m) => m.RegisterPage)),
  privacyPolicy: lazyPage(() => import('../features/legal/routes/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage)),
  termsOfService: lazyPage(() => import('../features/legal/routes/TermsOfServicePage').then((m) => m.TermsOfServicePage)),
  coupons: lazyPage(() => import('../features/coupons/routes/CouponsPage').then((m) => m.CouponsPage)),
  drugLookup: lazyPage(() => import('../features/drug-lookup/routes/DrugLookupPage').then((m) => m.DrugLookupPage)),
};

/** Starts loading the chunk of the page at this path (when it is one of ours) before the page renders. */
export function preloadPageFor(pathname: string): void {
  const route = routeForPath(pathname);
  if (route?.remote === 'mfe_public') pages[route.page as PublicPage].preload();
}
