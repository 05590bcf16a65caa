import type { ComponentType } from 'react';
import type { DashboardPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';

// One lazily loaded chunk per page; features never import each other, this table composes them.
export const pages: Record<DashboardPage, ComponentType> = {
  dashboard: lazyPage(() => import('../features/dashboard/routes/DashboardPage').then((m) => m.DashboardPage)),
  healthSetup: lazyPage(() => import('../features/onboarding/routes/HealthSetupPage').then((m) => m.HealthSetupPage)),
  insuranceSelect: lazyPage(() => import('../features/insurers/routes/InsuranceSelectPage').then((m) => m.InsuranceSelectPage)),
  userProfile: lazyPage(() => import('../features/account/routes/UserProfilePage').then((m) => m.UserProfilePage)),
  deleteAccount: lazyPage(() => import('../features/account/routes/DeleteAccountPage').then((m) => m.DeleteAccountPage)),
  drugEntry: lazyPage(() => import('../features/onboarding/routes/DrugEntryPage').then((m) => m.DrugEntryPage)),
  rxHistory: lazyPage(() => import('../features/rx/routes/RxHistoryPage').then((m) => m.RxHistoryPage)),
  rxInteractions: lazyPage(() => import('../features/rx/routes/RxInteractionsPage').then((m) => m.RxInteractionsPage)),
  healthHistory: lazyPage(() => import('../features/health-history/routes/HealthHistoryPage').then((m) => m.HealthHistoryPage)),
  clinicalTrials: lazyPage(() => import('../features/clinical-trials/routes/ClinicalTrialsPage').then((m) => m.ClinicalTrialsPage)),
  clinicalTrialsMore: lazyPage(() => import('../features/clinical-trials/routes/ClinicalTrialDetailPage').then((m) => m.ClinicalTrialDetailPage)),
  medicareOptions: lazyPage(() => import('../features/plans/routes/MedicareOptionsPage').then((m) => m.MedicareOptionsPage)),
  planDetails: lazyPage(() => import('../features/plans/routes/PlanDetailsPage').then((m) => m.PlanDetailsPage)),
  aiDashboard: lazyPage(() => import('../features/ai-dashboard/routes/AiDashboardPage').then((m) => m.AiDashboardPage)),
  intermediary: lazyPage(() => import('../features/insurers/routes/InsurerCallbackPage').then((m) => m.InsurerCallbackPage)),
  authenticateReferral: lazyPage(() => import('../features/insurers/routes/ReferralPage').then((m) => m.ReferralPage)),
};
