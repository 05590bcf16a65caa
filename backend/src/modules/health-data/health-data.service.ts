import {
  HealthDataQueryMessages,
  parseExplanationOfBenefitsQuery,
  parseSpendingQuery,
  parseUserDrugsQuery,
  type CurrentPlanCost,
  type CurrentPlanWithCostResponse,
  type ExplanationOfBenefitsPage,
  type ExplanationOfBenefitsQuery,
  type QueryParams,
  type SpendingGrouping,
  type SpendingResponse,
  type UserDrugsPage,
  type UserDrugsQuery,
} from '@healthlink/contracts';
import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserReadCache } from '../../common/http/read-cache';
import { PatientInfoRepository } from '../accounts';
import {
  CLAIM_PROJECTION_VERSION,
  claimFromEob,
  conditionFromResource,
  coverageFromResource,
  demographicsFromPatient,
  MEDICATION_PROJECTION_VERSION,
  medicationsById,
  prescriptionFromMedicationDispense,
  prescriptionFromMedicationRequest,
  prescriptionsFromEob,
  unresolvedMedicationIds,
  type ClaimRow,
  type ConditionRow,
  type CoverageRow,
  type FhirInput,
  type PrescriptionRow,
} from './fhir-projections';
import { HealthDataError } from './health-data.errors';
import {
  HealthDataRepository,
  type CoveragePlan,
  type HealthDataPage,
  type Keyset,
  type ListPage,
  type StaleClaim,
} from './health-data.repository';
import { decodeCursor, encodeCursor, isUuid, type CursorList } from './page-cursor';

export interface IngestResult {
  stored: number;
  skipped: number;
}

/** Claims re-projected per transaction at boot. */
export const REPROJECTION_BATCH_SIZE = 200;

/** The words of a search, lowercase (the search text is stored lowercase), each once. */
export function searchTerms(search: string | undefined): string[] {
  return [...new Set((search ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The dates a current plan's cost covers (part 2 §9, see CurrentPlanCost): the last 12 months of the plan that
 * have passed. null when the plan starts after today.
 */
export function planCostWindow(plan: Pick<CoveragePlan, 'periodStart' | 'periodEnd'>, today: string): { from: string; to: string } | null {
  const to = plan.periodEnd && plan.periodEnd < today ? plan.periodEnd : today;
  const [year, month, day] = to.split('-').map(Number);
  // 12 months before `to`, the day after: a year to 2026-11-25 starts 2025-11-26 (a 29 February ends on 28 February).
  const lastDayOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  const yearBefore = isoDay(new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastDayOfMonth) + 1)));
  const from = plan.periodStart && plan.periodStart > yearBefore ? plan.periodStart : yearBefore;
  return from > to ? null : { from, to };
}

const addMoney = (a: string, b: string): string => ((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toFixed(2);

/** The health-data store: raw FHIR resources as received, and the projections the screens read. */
@Injectable()
export class HealthDataService {
  constructor(
    private readonly repository: HealthDataRepository,
    private readonly patientInfo: PatientInfoRepository,
    // The writing process evicts the member itself (the NOTIFY reaches it a moment later): after a write it commits,
    // or, in a caller's transaction committed later, by suspending the member's cached reads for a while.
    @Optional() private readonly readCache?: UserReadCache,
  ) {}

  /**
   * Stores one page of a fetch, its resources and their projections together, keyed by the source's ids, so a
   * retried or repeated fetch updates rows and never duplicates them. With a manager the page joins the caller's
   * transaction (the insurers module holds its link there, so an unlink cannot interleave with a page).
   */
  async ingest(userId: string, insurer: string, resources: FhirInput[], manager?: EntityManager): Promise<IngestResult> {
    let patient: FhirInput | null = null;
    let skipped = 0;
    // A resource an insurer sends twice in one page (e.g. an _include'd resource) is stored once, the last copy:
    // one statement cannot upsert the same row twice.
    const unique = new Map<string, FhirInput>();
    for (const resource of resources) {
      const type = typeof resource.resourceType === 'string' ? resource.resourceType : null;
      const id = typeof resource.id === 'string' && resource.id ? resource.id : null;
      if (!type || !id) skipped++;
      else unique.set(`${type}/${id}`, resource);
    }
    const raw = [...unique.values()];
    const conditions: ConditionRow[] = [];
    const coverages: CoverageRow[] = [];
    const projected = projectClaims(raw);
    const medications = await this.medicationsFor(userId, insurer, raw, manager);
    for (const resource of raw) {
      const type = resource.resourceType;
      if (type === 'MedicationRequest') {
        const row = prescriptionFromMedicationRequest(resource, medications);
        if (row) projected.prescriptions.push(row);
      } else if (type === 'MedicationDispense') {
        const row = prescriptionFromMedicationDispense(resource, medications);
        if (row) projected.prescriptions.push(row);
      } else if (type === 'Condition') {
        const row = conditionFromResource(resource);
        if (row) conditions.push(row);
      } else if (type === 'Coverage') {
        const row = coverageFromResource(resource);
        if (row) coverages.push(row);
      } else if (type === 'Patient') {
        patient = resource;
      }
    }
    const page = { resources: raw, claims: projected.claims, prescriptions: projected.prescriptions, conditions, coverages };
    const demographics = patient ? demographicsFromPatient(patient) : null;
    if (manager) this.readCache?.suspendUser(userId);
    if (demographics) {
      const store = async (tx: EntityManager) => {
        await this.repository.upsertPage(userId, insurer, page, tx);
        await this.patientInfo.upsert(userId, insurer, demographics, tx);
      };
      await (manager ? store(manager) : this.repository.transaction(store));
    } else {
      await this.repository.upsertPage(userId, insurer, page, manager);
    }
    if (!manager) this.readCache?.evictUser(userId);
    return { stored: raw.length, skipped };
  }

  /** GET /api/explanationOfBenefits: a page of the member's claims (see ExplanationOfBenefitsQuery). */
  async explanationOfBenefits(userId: string, params: QueryParams<ExplanationOfBenefitsQuery>): Promise<ExplanationOfBenefitsPage> {
    const parsed = parseExplanationOfBenefitsQuery(params);
    if (!parsed.ok) throw HealthDataError.rule(parsed.problem);
    const { cursor, search, serviceID } = parsed.value;
    const terms = searchTerms(search);
    let limit = parsed.value.limit;
    if (serviceID) {
      // A serviceID that is no UUID names no claim: not found, as another member's claim is.
      const position = isUuid(serviceID) ? await this.repository.claimPosition(userId, serviceID, terms) : null;
      if (position === null) throw HealthDataError.claimNotFound();
      limit = (Math.floor(position / limit) + 1) * limit;
    }
    const page = await this.repository.claimsPage(userId, { terms, after: this.keysetOf('claims', cursor), limit });
    return {
      EOB: page.rows.map((claim) => ({
        id: claim.id,
        date: claim.serviceDate,
        type: claim.claimType,
        status: claim.status,
        outcome: claim.outcome,
        payment_amount: claim.paymentAmount,
        rendering_provider: claim.renderingProvider,
        insurer: claim.insurerKey,
        diagnoses: claim.diagnoses,
        procedures: claim.procedures,
      })),
      ...pageInfo('claims', page),
    };
  }

  /** A page of the member's prescriptions, price comparison null: pricing serves GET /api/userDrugs and fills it in. */
  async userDrugs(userId: string, params: QueryParams<UserDrugsQuery>): Promise<UserDrugsPage> {
    const parsed = parseUserDrugsQuery(params);
    if (!parsed.ok) throw HealthDataError.rule(parsed.problem);
    const { limit, cursor, sort } = parsed.value;
    const list: CursorList = sort === 'oldest' ? 'rx-oldest' : 'rx-newest';
    const page = await this.repository.prescriptionsPage(userId, { sort, after: this.keysetOf(list, cursor), limit });
    return {
      queryRes: page.rows.map((rx) => ({
        id: rx.id,
        drug_name: rx.drugName,
        drug_ndc: rx.drugNdc,
        date_prescribed: rx.datePrescribed,
        provider: rx.provider,
        patient_paid: rx.patientPaid,
        insurer_paid: rx.insurerPaid,
        total_price: rx.totalPrice,
        insurer: rx.insurerKey,
        brandDrugBP: null,
        genericDrugBP: null,
        bestPriceBrandSource: null,
        bestPriceGenericSource: null,
        brandDrugName: null,
        genericDrugName: null,
        brandSavings: null,
        genericSavings: null,
        priceDate: null,
        priceFormula: null,
      })),
      ...pageInfo(list, page),
    };
  }

  /** GET /api/currentPlan/getUsersCurrentPlan: the coverages, the current one first, and its cost. */
  async currentPlan(userId: string): Promise<CurrentPlanWithCostResponse> {
    const plans = await this.repository.currentCoveragesOf(userId);
    const current = plans[0];
    const window = current ? planCostWindow(current, isoDay(new Date())) : null;
    let currentPlanCost: CurrentPlanCost | null = null;
    if (current && window) {
      const { medical, rx } = await this.repository.planCost(userId, current.insurerKey, window.from, window.to);
      currentPlanCost = { medical, rx, total: addMoney(medical, rx), ...window };
    }
    return {
      userCurrentPlan: plans.map((plan) => ({ marketing_name: plan.marketingName, plan_year: plan.planYear, plan_name: plan.planName })),
      currentPlanCost,
    };
  }

  /** GET /api/spending: the member's share of their claims by month or year. */
  async spending(userId: string, params: QueryParams<{ by: SpendingGrouping }>): Promise<SpendingResponse> {
    const parsed = parseSpendingQuery(params);
    if (!parsed.ok) throw HealthDataError.rule(parsed.problem);
    const { by } = parsed.value;
    const periods = await this.repository.spending(userId, by);
    const newest = periods.reduce<Date | null>((max, p) => (max === null || p.asOf > max ? p.asOf : max), null);
    return {
      by,
      periods: periods.map((p) => ({
        period: p.period,
        patient_paid: p.patientPaid,
        deductible: p.deductible,
        copay: p.copay,
        coinsurance: p.coinsurance,
        insurer_paid: p.insurerPaid,
      })),
      asOf: newest?.toISOString() ?? null,
    };
  }

  /**
   * Projects again, from their raw resources, the claims an older projection made (and the fills of their pharmacy
   * claims), a batch per transaction until none is left. Idempotent, and safe in several processes at once: each
   * batch locks its claims and skips those another process holds. Answers how many claims it looked at.
   */
  async reprojectStaleClaims(batchSize = REPROJECTION_BATCH_SIZE, shouldStop: () => boolean = () => false): Promise<number> {
    return this.reprojectInBatches(batchSize, shouldStop, {
      stale: (manager) => this.repository.staleClaims(CLAIM_PROJECTION_VERSION, batchSize, manager),
      project: async (_userId, _insurerKey, resources) => projectClaims(resources),
      markProjected: (ids, manager) => this.repository.markClaimsProjected(ids, CLAIM_PROJECTION_VERSION, manager),
    });
  }

  /**
   * One re-projection pass: a batch of stale rows per transaction (locked, those another process holds skipped), their
   * raw resources projected again per member and insurer and upserted, every row of the batch marked (those whose raw
   * resource is gone keep their values, so that no boot looks at them again); the members' cached reads dropped.
   */
  private async reprojectInBatches(
    batchSize: number,
    shouldStop: () => boolean,
    pass: {
      stale: (manager: EntityManager) => Promise<StaleClaim[]>;
      project: (
        userId: string,
        insurerKey: string,
        resources: FhirInput[],
        manager: EntityManager,
      ) => Promise<Pick<HealthDataPage, 'claims' | 'prescriptions'>>;
      markProjected: (ids: string[], manager: EntityManager) => Promise<void>;
    },
  ): Promise<number> {
    let done = 0;
    while (!shouldStop()) {
      const owners = new Set<string>();
      const count = await this.repository.transaction(async (manager) => {
        const stale = await pass.stale(manager);
        const byOwner = new Map<string, { userId: string; insurerKey: string; resources: FhirInput[] }>();
        for (const row of stale) {
          if (!row.resource) continue;
          const key = `${row.userId}/${row.insurerKey}`;
          const owner = byOwner.get(key) ?? { userId: row.userId, insurerKey: row.insurerKey, resources: [] };
          owner.resources.push(row.resource);
          byOwner.set(key, owner);
        }
        for (const { userId, insurerKey, resources } of byOwner.values()) {
          owners.add(userId);
          const { claims, prescriptions } = await pass.project(userId, insurerKey, resources, manager);
          await this.repository.upsertPage(
            userId,
            insurerKey,
            { resources: [], claims, prescriptions, conditions: [], coverages: [] },
            manager,
          );
        }
        await pass.markProjected(
          stale.map((row) => row.id),
          manager,
        );
        return stale.length;
      });
      for (const userId of owners) this.readCache?.evictUser(userId);
      done += count;
      if (count < batchSize) break;
    }
    return done;
  }

  /**
   * The Medications this page's requests and dispenses may reference: those in the page (an `_include`, or read by
   * id by the fetch), and, for references the page does not resolve, those the insurer sent the member before.
   */
  private async medicationsFor(
    userId: string,
    insurer: string,
    resources: FhirInput[],
    manager?: EntityManager,
  ): Promise<Map<string, FhirInput>> {
    const medications = medicationsById(resources);
    const missing = unresolvedMedicationIds(resources);
    if (missing.length) {
      for (const stored of await this.repository.storedMedications(userId, insurer, missing, manager)) {
        if (typeof stored.id === 'string') medications.set(stored.id, stored);
      }
    }
    return medications;
  }

  /**
   * Projects again, from their raw resources, the MedicationRequest and MedicationDispense rows an older projection
   * made (MEDICATION_PROJECTION_VERSION), a batch per transaction, as reprojectStaleClaims does for claims.
   * Answers how many rows it looked at.
   */
  async reprojectStaleMedications(batchSize = REPROJECTION_BATCH_SIZE, shouldStop: () => boolean = () => false): Promise<number> {
    return this.reprojectInBatches(batchSize, shouldStop, {
      stale: (manager) => this.repository.staleMedicationRows(MEDICATION_PROJECTION_VERSION, batchSize, manager),
      project: async (userId, insurerKey, resources, manager) => {
        const medications = await this.medicationsFor(userId, insurerKey, resources, manager);
        const prescriptions = resources.flatMap((resource) => {
          const row =
            resource.resourceType === 'MedicationDispense'
              ? prescriptionFromMedicationDispense(resource, medications)
              : prescriptionFromMedicationRequest(resource, medications);
          return row ? [row] : [];
        });
        return { claims: [], prescriptions };
      },
      markProjected: (ids, manager) => this.repository.markMedicationsProjected(ids, MEDICATION_PROJECTION_VERSION, manager),
    });
  }

  /** The keyset of a page's cursor; a cursor this list did not give is a 400 on `cursor`. */
  private keysetOf(list: CursorList, cursor: string | undefined): Keyset | null {
    if (cursor === undefined) return null;
    const keyset = decodeCursor(list, cursor);
    if (!keyset) throw HealthDataError.rule({ field: 'cursor', message: HealthDataQueryMessages.cursor });
    return keyset;
  }

  /** Deletes everything one insurer sent for the user (an unlink); joins the caller's transaction when given one. */
  async eraseInsurerData(userId: string, insurerKey: string, manager?: EntityManager): Promise<void> {
    if (manager) this.readCache?.suspendUser(userId);
    await this.repository.eraseInsurerData(userId, insurerKey, manager);
    if (!manager) this.readCache?.evictUser(userId);
  }
}

/** The claims and pharmacy fills of the EOBs among these resources. */
function projectClaims(resources: FhirInput[]): { claims: ClaimRow[]; prescriptions: PrescriptionRow[] } {
  const claims: ClaimRow[] = [];
  const prescriptions: PrescriptionRow[] = [];
  for (const resource of resources) {
    if (resource.resourceType !== 'ExplanationOfBenefit') continue;
    const claim = claimFromEob(resource);
    if (claim) claims.push(claim);
    prescriptions.push(...prescriptionsFromEob(resource));
  }
  return { claims, prescriptions };
}

function pageInfo<T>(list: CursorList, page: ListPage<T>): { nextCursor: string | null; total: number; asOf: string | null } {
  return {
    nextCursor: page.hasMore && page.last ? encodeCursor(list, page.last) : null,
    total: page.total,
    asOf: page.asOf?.toISOString() ?? null,
  };
}
