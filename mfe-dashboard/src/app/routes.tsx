import type { ComponentType } from 'react';
import type { DashboardPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';

// One lazily loaded chunk per page, named page-<page> (the server lists its files in the page's HTML);
// features never import each other, this table composes them.
export const pages: Record<DashboardPage, ComponentType> = {
  dashboard: lazyPage(() => import(/* webpackChunkName: "page-dashboard" */ './DashboardRoute').then((m) => m.DashboardRoute)),
  healthSetup: lazyPage(() =>
    import(/* webpackChunkName: "page-healthSetup" */ '../features/onboarding/routes/HealthSetupPage').then((m) => m.HealthSetupPage),
  ),
  insuranceSelect: lazyPage(() =>
    import(/* webpackChunkName: "page-insuranceSelect" */ '../features/insurers/routes/InsuranceSelectPage').then(
      (m) => m.InsuranceSelectPage,
    ),
  ),
  userProfile: lazyPage(() => import(/* webpackChunkName: "page-userProfile" */ './UserProfileRoute').then((m) => m.UserProfileRoute)),
  deleteAccount: lazyPage(() =>
    import(/* webpackChunkName: "page-deleteAccount" */ '../features/account/routes/DeleteAccountPage').then((m) => m.DeleteAccountPage),
  ),
  drugEntry: lazyPage(() =>
    import(/* webpackChunkName: "page-drugEntry" */ '../features/onboarding/routes/DrugEntryPage').then((m) => m.DrugEntryPage),
  ),
  rxCoupons: lazyPage(() =>
    import(/* webpackChunkName: "page-rxCoupons" */ '../features/coupons/routes/RxCouponsPage').then((m) => m.RxCouponsPage),
  ),
  rxHistory: lazyPage(() =>
    import(/* webpackChunkName: "page-rxHistory" */ '../features/rx/routes/RxHistoryPage').then((m) => m.RxHistoryPage),
  ),
  rxInteractions: lazyPage(() =>
    import(/* webpackChunkName: "page-rxInteractions" */ '../features/rx/routes/RxInteractionsPage').then((m) => m.RxInteractionsPage),
  ),
  healthHistory: lazyPage(() =>
    import(/* webpackChunkName: "page-healthHistory" */ '../features/health-history/routes/HealthHistoryPage').then(
      (m) => m.HealthHistoryPage,
    ),
  ),
  clinicalTrials: lazyPage(() =>
    import(/* webpackChunkName: "page-clinicalTrials" */ '../features/clinical-trials/routes/ClinicalTrialsPage').then(
      (m) => m.ClinicalTrialsPage,
    ),
  ),
  clinicalTrialsMore: lazyPage(() =>
    import(/* webpackChunkName: "page-clinicalTrialsMore" */ '../features/clinical-trials/routes/ClinicalTrialDetailPage').then(
      (m) => m.ClinicalTrialDetailPage,
    ),
  ),
  medicareOptions: lazyPage(() =>
    import(/* webpackChunkName: "page-medicareOptions" */ '../features/plans/routes/MedicareOptionsPage').then(
      (m) => m.MedicareOptionsPage,
    ),
  ),
  planDetails: lazyPage(() =>
    import(/* webpackChunkName: "page-planDetails" */ '../features/plans/routes/PlanDetailsPage').then((m) => m.PlanDetailsPage),
  ),
  aiDashboard: lazyPage(() => import(/* webpackChunkName: "page-aiDashboard" */ './AiDashboardRoute').then((m) => m.AiDashboardRoute)),
  intermediary: lazyPage(() =>
    import(/* webpackChunkName: "page-intermediary" */ '../features/insurers/routes/InsurerCallbackPage').then(
      (m) => m.InsurerCallbackPage,
    ),
  ),
  authenticateReferral: lazyPage(() =>
    import(/* webpackChunkName: "page-authenticateReferral" */ '../features/insurers/routes/ReferralPage').then((m) => m.ReferralPage),
  ),
};
