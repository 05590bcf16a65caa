import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ReferenceFileError } from '../../../common/csv';
import type { CataloguePlan, CataloguePlanBenefits } from '../plan-types';
import {
  PLAN_FILES,
  PLANS_DATA_AS_OF,
  PLANS_DATA_DIR,
  readPlanCounties,
  readPlanDetails,
  readPlansByState,
  readStarRatings,
  type LandscapeListing,
} from './catalogue-files';
import { bidIdOf, toCataloguePlan, toCataloguePlanBenefits } from './plan-record';
import { PlansCatalogueRepository, type CarrierPlans, type CountyPlans, type PlanRow } from './plans-catalogue.repository';
import { buildServiceAreas, type ServiceAreaStats } from './service-areas';
import { countyKey, ZipCounties } from './zip-counties';

/** The directory holding the catalogue files; optional: backend/data/plans (PLANS_DATA_DIR) when not provided. */
export const PLANS_DATA_DIRECTORY = Symbol('PLANS_DATA_DIRECTORY');

/** Bump when what the import derives from the files changes (cost-text, plan-record, service-areas rules). */
export const PLANS_DERIVATION_VERSION = 1;
export const PLANS_DERIVED_DATASET = 'plans_derived';

export interface CatalogueImportOutcome {
  loaded: boolean;
  changedFiles: string[];
}

/** The county a ZIP is placed in (PlanRankPlace without its source). */
export interface ZipCounty {
  zip: string;
  state: string;
  /** The ZIP file's name ("Autauga County"): the first of the ZIP's counties in the state, alphabetically. */
  county: string;
  /** The ZIP's other counties in that state (the file gives no weights: the member may live in one of these). */
  otherCounties: string[];
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const versionOf = (fileShas: readonly string[]): string => sha256(`derivation ${PLANS_DERIVATION_VERSION}\n${fileShas.join('\n')}`);
const BID_ID = /^[HRSE]\d{4}_\d{3}_\d{1,3}$/;
const STATE = /^[A-Z]{2}$/;
const MAX_NAME = 200;

/**
 * The 2026 plan catalogue: loads the repo's copy (backend/data/plans) into `plans` and `plan_service_areas` at boot,
 * once per database and again only when a file's SHA-256 (recorded in reference_datasets) or the derivation
 * changes, in one transaction under an advisory lock (processes booting together load once; readers see the old
 * rows until it commits). A missing or malformed file stops the boot, naming the file and line. Then it answers
 * which plans are offered in a county, a plan, its benefits, and the carriers.
 */
@Injectable()
export class PlanCatalogueService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PlanCatalogueService.name);
  private readonly directory: string;
  private version: string | null = null;
  private zips: ZipCounties | null = null;

  constructor(
    private readonly repository: PlansCatalogueRepository,
    @Optional() @Inject(PLANS_DATA_DIRECTORY) directory?: string,
  ) {
    this.directory = directory ?? PLANS_DATA_DIR;
  }

  /** The date of the plan data shown with every plan (YYYY-MM-DD): see PLANS_DATA_AS_OF. */
  get dataAsOf(): string {
    return PLANS_DATA_AS_OF;
  }

  /**
   * Changes whenever the catalogue's rows would (a file or the derivation): the SHA-256 recorded as plans_derived. For
   * cache keys of what is computed from the catalogue (a member's ranking).
   */
  get dataVersion(): string {
    this.version ??= versionOf(Object.values(PLAN_FILES).map((file) => sha256(readFileSync(join(this.directory, file.fileName)))));
    return this.version;
  }

  /**
   * The county of a ZIP (in memory, loaded on first use): with `state` (the member's address), that state's part of a
   * ZIP across a state line. null: a ZIP the file cannot place.
   */
  countyOfZip(zip: string, state?: string): ZipCounty | null {
    this.zips ??= ZipCounties.load(this.directory);
    const place = this.zips.lookup(zip.trim().slice(0, 5), state);
    if (!place?.counties.length) return null;
    const [county, ...otherCounties] = place.counties as [string, ...string[]];
    return { zip: place.zip, state: place.state, county, otherCounties };
  }

  async onApplicationBootstrap(): Promise<void> {
    const started = Date.now();
    const outcome = await this.ensureLoaded();
    if (outcome.loaded) this.logger.log({ changedFiles: outcome.changedFiles, ms: Date.now() - started }, 'plan catalogue loaded');
  }

  async ensureLoaded(): Promise<CatalogueImportOutcome> {
    const files = await Promise.all(
      Object.values(PLAN_FILES).map(async (file) => {
        const bytes = await readFile(join(this.directory, file.fileName));
        return { ...file, bytes, sha256: sha256(bytes) };
      }),
    );
    const derivedSha = versionOf(files.map((file) => file.sha256));
    this.version = derivedSha;
    const changed = (loaded: Map<string, string>): string[] | null => {
      const names = files.filter((file) => loaded.get(file.dataset) !== file.sha256).map((file) => file.fileName);
      return names.length || loaded.get(PLANS_DERIVED_DATASET) !== derivedSha ? names : null;
    };
    if (!changed(await this.repository.loadedVersions())) return { loaded: false, changedFiles: [] };

    return this.repository.transaction(async (manager) => {
      await this.repository.lockImports(manager);
      // Another process may have loaded them while this one waited for the lock.
      const changedFiles = changed(await this.repository.loadedVersions(manager));
      if (!changedFiles) return { loaded: false, changedFiles: [] };

      const bytesOf = (dataset: string): Buffer => files.find((file) => file.dataset === dataset)!.bytes;
      const { plans, areas, counts, stats } = this.build({
        details: bytesOf(PLAN_FILES.details.dataset),
        byState: bytesOf(PLAN_FILES.byState.dataset),
        counties: bytesOf(PLAN_FILES.counties.dataset),
        stars: bytesOf(PLAN_FILES.stars.dataset),
        zips: bytesOf(PLAN_FILES.zips.dataset),
      });
      await this.repository.replaceCatalogue(manager, plans, areas);
      for (const file of files) {
        await this.repository.recordVersion(manager, {
          dataset: file.dataset,
          fileName: file.fileName,
          asOf: file.asOf,
          sha256: file.sha256,
          rowCount: counts[file.dataset] ?? 0,
        });
      }
      await this.repository.recordVersion(manager, {
        dataset: PLANS_DERIVED_DATASET,
        fileName: `plans, plan_service_areas (derivation ${PLANS_DERIVATION_VERSION})`,
        asOf: PLANS_DATA_AS_OF,
        sha256: derivedSha,
        rowCount: plans.length + areas.length,
      });
      this.logger.log(
        {
          plans: plans.length,
          withoutDetails: plans.filter((plan) => !plan.record).length,
          serviceAreas: areas.length,
          countyRowsRelabelled: stats.relabelled,
          countyRowsUnmatched: stats.unmatched.length,
          statesWithoutCounties: stats.statesWithoutCounties.length,
        },
        'plan catalogue built',
      );
      return { loaded: true, changedFiles };
    });
  }

  /** The rows of both tables from the files' bytes (pure but for parsing errors, which name the file and line). */
  private build(bytes: { details: Buffer; byState: Buffer; counties: Buffer; stars: Buffer; zips: Buffer }): {
    plans: PlanRow[];
    areas: ReturnType<typeof buildServiceAreas>['rows'];
    counts: Record<string, number>;
    stats: ServiceAreaStats;
  } {
    const details = readPlanDetails(bytes.details);
    const listings = readPlansByState(bytes.byState);
    const countyRows = readPlanCounties(bytes.counties);
    const stars = readStarRatings(bytes.stars);
    const zips = ZipCounties.fromBytes(bytes.zips);

    const listingOf = new Map<string, LandscapeListing>();
    for (const listing of listings) if (!listingOf.has(listing.bidId)) listingOf.set(listing.bidId, listing);
    const contracts = new Map(stars.map((row) => [row.contractId, row]));
    const pages = new Map(details.map((record) => [bidIdOf(record), record]));
    for (const bidId of pages.keys()) {
      if (!listingOf.has(bidId))
        throw new ReferenceFileError(PLAN_FILES.details.fileName, 0, `plan ${bidId} is in no Landscape state list`);
    }

    const plans: PlanRow[] = [...listingOf.values()].map((listing) => {
      const page = pages.get(listing.bidId);
      const record = page ? toCataloguePlan(page, listing, contracts.get(page.contract_id)) : null;
      const [contractId, planId, segmentId] = listing.bidId.split('_') as [string, string, string];
      return {
        bidId: listing.bidId,
        contractId,
        planId,
        segmentId,
        name: record?.name ?? listing.planName,
        carrier: record?.carrier ?? listing.carrier,
        category: listing.category,
        planType: listing.planType,
        specialNeeds: record?.specialNeeds ?? (listing.category === 'SNP' || /SNP/i.test(listing.planType)),
        record,
        benefits: page ? toCataloguePlanBenefits(page) : null,
        sourceUrl: record?.sourceUrl ?? null,
        asOf: PLANS_DATA_AS_OF,
      };
    });
    const { rows: areas, stats } = buildServiceAreas(listings, countyRows, (state, county) => zips.hasCounty(state, county));
    return {
      plans,
      areas,
      stats,
      counts: {
        [PLAN_FILES.details.dataset]: details.length,
        [PLAN_FILES.byState.dataset]: listings.length,
        [PLAN_FILES.counties.dataset]: countyRows.length,
        [PLAN_FILES.stars.dataset]: stars.length,
        [PLAN_FILES.zips.dataset]: zips.size,
      },
    };
  }

  /**
   * Exactly the plans the data lists for the county (as the ZIP file or the Landscape writes it, "Autauga County" or
   * "Autauga") that have a Plan Finder page, by bidId; `withoutDetails` counts the listed ones without (never priced).
   */
  async plansInCounty(state: string, county: string): Promise<CountyPlans> {
    const code = state.trim().toUpperCase();
    const key = countyKey(county.slice(0, MAX_NAME), code);
    if (!STATE.test(code) || !key) return { plans: [], extras: new Map(), withoutDetails: 0 };
    return this.repository.plansInCounty(code, key);
  }

  async plan(bidId: string): Promise<CataloguePlan | null> {
    return BID_ID.test(bidId) ? this.repository.plan(bidId) : null;
  }

  async benefits(bidId: string): Promise<CataloguePlanBenefits | null> {
    return BID_ID.test(bidId) ? this.repository.benefits(bidId) : null;
  }

  carriers(): Promise<CarrierPlans[]> {
    return this.repository.carriers();
  }

  /** The carrier's plans (exact marketing name, as carriers() gives it), optionally only those sold in the state. */
  async plansOfCarrier(carrier: string, state?: string): Promise<CataloguePlan[]> {
    const code = state?.trim().toUpperCase() ?? null;
    if (carrier.length > MAX_NAME || (code !== null && !STATE.test(code))) return [];
    return this.repository.plansOfCarrier(carrier, code);
  }
}
