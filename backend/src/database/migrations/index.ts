import { CreateErrors1763800000000 } from './1763800000000-create-errors';
import { CreatePollingEvents1763800000001 } from './1763800000001-create-polling-events';
import { CreateAccounts1763900000000 } from './1763900000000-create-accounts';
import { CreateContactAndAnalytics1764000000000 } from './1764000000000-create-contact-and-analytics';
import { CreateInsurersAndHealthData1764100000000 } from './1764100000000-create-insurers-and-health-data';
import { CompressRawFhirWithLz41764200000000 } from './1764200000000-compress-raw-fhir-with-lz4';
import { AttachReferralsAndPseudonymousRateLimits1764300000300 } from './1764300000300-attach-referrals-and-pseudonymous-rate-limits';
import { CreateEmailChanges1764400000000 } from './1764400000000-create-email-changes';
import { TrackInsurerLinkSync1764500000000 } from './1764500000000-track-insurer-link-sync';
import { ClaimMoneyAndListPages1764600000000 } from './1764600000000-claim-money-and-list-pages';
import { NotifySessionEnds1764700000000 } from './1764700000000-notify-session-ends';
import { CreateDrugReferenceTables1764800000000 } from './1764800000000-create-drug-reference-tables';
import { NotifyUserDataChanges1764900000000 } from './1764900000000-notify-user-data-changes';
import { CreateNadacPrices1765000000000 } from './1765000000000-create-nadac-prices';
import { Coupons1765000000100 } from './1765000000100-coupons';
import { MedicationList1765000000200 } from './1765000000200-medication-list';
import { Trials1765000000300 } from './1765000000300-trials';
import { NotifyPriceChanges1765000000400 } from './1765000000400-notify-price-changes';
import { PlanCatalogue1765100000000 } from './1765100000000-plan-catalogue';
import { ClaimCareLines1765100000100 } from './1765100000100-claim-care-lines';
import { BrokerLeads1765100000200 } from './1765100000200-broker-leads';
import { PlanRanks1765100000300 } from './1765100000300-plan-ranks';
import { StaffRoleChanges1765100000400 } from './1765100000400-staff-role-changes';
import { StaffQueries1765100000500 } from './1765100000500-staff-queries';
import { InsurerUptimeChecks1765100000600 } from './1765100000600-insurer-uptime-checks';
import { Ai1765100000700 } from './1765100000700-ai';
import { ErrorsUserFk1765100000800 } from './1765100000800-errors-user-fk';

/** Every migration, in order. A landed migration is never edited: add a new one. */
export const MIGRATIONS = [
  CreateErrors1763800000000,
  CreatePollingEvents1763800000001,
  CreateAccounts1763900000000,
  CreateContactAndAnalytics1764000000000,
  CreateInsurersAndHealthData1764100000000,
  CompressRawFhirWithLz41764200000000,
  AttachReferralsAndPseudonymousRateLimits1764300000300,
  CreateEmailChanges1764400000000,
  TrackInsurerLinkSync1764500000000,
  ClaimMoneyAndListPages1764600000000,
  NotifySessionEnds1764700000000,
  CreateDrugReferenceTables1764800000000,
  NotifyUserDataChanges1764900000000,
  CreateNadacPrices1765000000000,
  Coupons1765000000100,
  MedicationList1765000000200,
  Trials1765000000300,
  NotifyPriceChanges1765000000400,
  PlanCatalogue1765100000000,
  ClaimCareLines1765100000100,
  BrokerLeads1765100000200,
  PlanRanks1765100000300,
  StaffRoleChanges1765100000400,
  StaffQueries1765100000500,
  InsurerUptimeChecks1765100000600,
  Ai1765100000700,
  ErrorsUserFk1765100000800,
];
