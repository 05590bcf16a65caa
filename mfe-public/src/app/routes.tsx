import type { ComponentType } from 'react';
import type { PublicPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';

// One lazily loaded chunk per page; features never import each other, this table composes them.
export const pages: Record<PublicPage, ComponentType> = {
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
