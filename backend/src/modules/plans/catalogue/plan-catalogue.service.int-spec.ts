import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../../../../test/utils/test-database';
import { createDataSourceOptions } from '../../../database/data-source-options';
import { runMigrationsExclusively } from '../../../database/migrate';
import { PLAN_FILES, PLANS_DATA_DIR, readPlanCounties, readPlanDetails, readPlansByState, readStarRatings } from './catalogue-files';
import { PlanCatalogueService, PLANS_DERIVED_DATASET } from './plan-catalogue.service';
import { bidIdOf, toCataloguePlan } from './plan-record';
import { PlansCatalogueRepository } from './plans-catalogue.repository';
import { countyKey } from './zip-counties';

const serviceOn = (dataSource: DataSource, directory: string) =>
  new PlanCatalogueService(new PlansCatalogueRepository(dataSource), directory);
const file = (name: string) => readFileSync(join(PLANS_DATA_DIR, name));

describe('PlanCatalogueService on the repo files (PostgreSQL)', () => {
  let dataSource: DataSource;
  let service: PlanCatalogueService;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    service = serviceOn(dataSource, PLANS_DATA_DIR);
    // The run's database: loaded here or by an app another test file booted (once per database either way).
    await service.ensureLoaded();
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  it('records every file with its row count, and lists every Landscape plan, 571 without a Plan Finder page', async () => {
    const versions: { dataset: string; row_count: number }[] = await dataSource.query(
      `SELECT dataset, row_count FROM reference_datasets WHERE dataset LIKE 'plans\\_%' ORDER BY dataset`,
    );
    expect(versions).toEqual([
      { dataset: PLANS_DERIVED_DATASET, row_count: expect.any(Number) },
      { dataset: 'plans_details', row_count: 5_394 },
      { dataset: 'plans_landscape_counties', row_count: 136_178 },
      { dataset: 'plans_landscape_states', row_count: 6_581 },
      { dataset: 'plans_star_ratings', row_count: 524 },
      { dataset: 'plans_zip_counties', row_count: 33_120 },
    ]);
    expect(await dataSource.query(`SELECT count(*)::int AS plans, count(record)::int AS priced FROM plans`)).toEqual([
      { plans: 5_965, priced: 5_394 },
    ]);
    expect(await service.ensureLoaded()).toEqual({ loaded: false, changedFiles: [] });
  });

  it('lists exactly the plans the Landscape gives for a county, by either spelling of its name', async () => {
    // Independently of the import: (plan, AL) listed for all counties, or listed in AL with a county row for Autauga.
    const listings = readPlansByState(file(PLAN_FILES.byState.fileName)).filter((listing) => listing.state === 'AL');
    const autauga = new Set(
      readPlanCounties(file(PLAN_FILES.counties.fileName))
        .filter((row) => countyKey(row.county) === 'autauga')
        .map((row) => row.bidId),
    );
    const priced = new Set(readPlanDetails(file(PLAN_FILES.details.fileName)).map(bidIdOf));
    const expected = listings.filter((listing) => listing.allCounties || autauga.has(listing.bidId)).map((listing) => listing.bidId);

    const county = await service.plansInCounty('AL', 'Autauga County');
    expect(county.plans.map((plan) => plan.bidId)).toEqual(expected.filter((bidId) => priced.has(bidId)).sort());
    expect(county.withoutDetails).toBe(expected.filter((bidId) => !priced.has(bidId)).length);
    expect(county.plans.length).toBeGreaterThan(20);
    expect((await service.plansInCounty('al', 'Autauga')).plans.map((plan) => plan.bidId)).toEqual(county.plans.map((plan) => plan.bidId));
  });

  it('places a multi-state plan in the state of each of its counties', async () => {
    // H5521_296_0 lists Maine's Androscoggin under Connecticut in the county file.
    const states: { state: string }[] = await dataSource.query(
      `SELECT DISTINCT state FROM plan_service_areas WHERE bid_id = 'H5521_296_0' AND county = 'androscoggin'`,
    );
    expect(states).toEqual([{ state: 'ME' }]);
    expect((await service.plansInCounty('ME', 'Androscoggin County')).plans.map((plan) => plan.bidId)).toContain('H5521_296_0');
    expect((await service.plansInCounty('CT', 'Androscoggin')).plans.map((plan) => plan.bidId)).not.toContain('H5521_296_0');
  });

  it('answers a plan, its benefits, the carriers and a carrier’s plans by state', async () => {
    const page = readPlanDetails(file(PLAN_FILES.details.fileName)).find((record) => bidIdOf(record) === 'H0104_012_0')!;
    const listing = readPlansByState(file(PLAN_FILES.byState.fileName)).find((row) => row.bidId === 'H0104_012_0')!;
    const contract = readStarRatings(file(PLAN_FILES.stars.fileName)).find((row) => row.contractId === 'H0104');
    expect(await service.plan('H0104_012_0')).toEqual(toCataloguePlan(page, listing, contract));
    expect((await service.benefits('H0104_012_0'))?.enhanced.length).toBeGreaterThan(5);

    const carriers = await service.carriers();
    expect(carriers).toContainEqual({ carrier: 'Blue Cross and Blue Shield of Alabama', plans: expect.any(Number) });
    const inAlabama = await service.plansOfCarrier('Blue Cross and Blue Shield of Alabama', 'AL');
    expect(inAlabama.map((plan) => plan.bidId)).toContain('H0104_012_0');
    expect(await service.plansOfCarrier('Blue Cross and Blue Shield of Alabama', 'AK')).toEqual([]);
  });

  it('places a ZIP in its county and answers a data version that follows the files', async () => {
    expect(service.countyOfZip('36003')).toEqual({ zip: '36003', state: 'AL', county: 'Autauga County', otherCounties: [] });
    const place = service.countyOfZip('00601')!;
    expect(place).toEqual({ zip: '00601', state: 'PR', county: 'Adjuntas Municipio', otherCounties: ['Utuado Municipio'] });
    expect((await service.plansInCounty(place.state, place.county)).plans.length).toBeGreaterThan(0);
    expect(service.countyOfZip('00000')).toBeNull();
    expect(service.countyOfZip('<script>')).toBeNull();
    const [derived] = await dataSource.query(`SELECT sha256 FROM reference_datasets WHERE dataset = $1`, [PLANS_DERIVED_DATASET]);
    expect(serviceOn(dataSource, PLANS_DATA_DIR).dataVersion).toBe(derived.sha256);
  });

  it('answers nothing for hostile or unknown input', async () => {
    expect(await service.plan("H0104_012_0' OR '1'='1")).toBeNull();
    expect(await service.plan('H9999_999_9')).toBeNull();
    expect(await service.benefits('')).toBeNull();
    expect(await service.plansInCounty('A;', 'Autauga')).toEqual({ plans: [], extras: new Map(), withoutDetails: 0 });
    expect(await service.plansInCounty('AL', '%')).toEqual({ plans: [], extras: new Map(), withoutDetails: 0 });
    expect(await service.plansOfCarrier('x'.repeat(500))).toEqual([]);
  });

  it('reads the largest county through the (state, county) key', async () => {
    const [largest] = await dataSource.query(
      `SELECT state, county, count(*)::int AS plans FROM plan_service_areas WHERE county <> '' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    const plan: string = JSON.stringify(
      await dataSource.query(`EXPLAIN (FORMAT JSON) SELECT bid_id FROM plan_service_areas WHERE state = $1 AND county IN ('', $2)`, [
        largest.state,
        largest.county,
      ]),
    );
    expect(plan).toContain('pk_plan_service_areas');
    const county = await service.plansInCounty(largest.state, largest.county);
    expect(county.plans.length + county.withoutDetails).toBeGreaterThanOrEqual(largest.plans);
  });
});

/** Small files of the same layout, on a database of their own (the run's database keeps the real data). */
describe('PlanCatalogueService versions (PostgreSQL, own database)', () => {
  const name = uniqueDatabaseName('healthlink_plans');
  let dataSource: DataSource;
  let directory: string;

  const page = (contract: string, plan: string, premium: string) =>
    JSON.stringify({
      contract_id: contract,
      plan_id: plan,
      segment_id: '0',
      plan_name: `Plan ${contract} ${plan}`,
      plan_type_label: 'Medicare Advantage with drug coverage',
      organization_marketing_name: 'Carrier A',
      parent_organization: 'Parent A',
      state_folders: ['Alabama'],
      star_ratings: [['Overall star rating', '4']],
      tables: [
        { section: 'overview', table: 'Premiums', header: [], rows: [{ item: 'Total monthly premium', values: [premium] }] },
        {
          section: 'benefits',
          table: 'Doctor services',
          header: [],
          rows: [{ item: 'Primary doctor visit', values: ['$5 copay \\ "x"\t'] }],
        },
      ],
      source_url: null,
    });
  const FILES: Record<string, string> = {
    [PLAN_FILES.details.fileName]: `${page('H0001', '001', '$10.00')}\n`,
    [PLAN_FILES.byState.fileName]:
      'bid_id,state,category,plan_type,all_counties,plan_name,carrier\n' +
      'H0001_001_0,AL,MA-PD,HMO,false,Plan H0001 001,Carrier A\n' +
      'H0001_002_0,AL,MA-PD,HMO,false,"Plan, without page",Carrier B\n' +
      'S0001_001_0,AL,PDP,PDP,true,Drug plan,Carrier C\n',
    [PLAN_FILES.counties.fileName]: 'bid_id,state,county\nH0001_001_0,AL,Autauga\nH0001_002_0,AL,Autauga\nH0001_002_0,AL,Baldwin\n',
    [PLAN_FILES.stars.fileName]: 'contract_id,part_c_stars,part_d_stars,overall_stars\nH0001,4.0,3.5,4.0\n',
    [PLAN_FILES.zips.fileName]: 'zip,state,counties\n36003,AL,Autauga County\n36507,AL,Baldwin County\n',
  };
  const put = (fileName: string, text: string) => writeFile(join(directory, fileName), gzipSync(text));
  const service = () => serviceOn(dataSource, directory);

  beforeAll(async () => {
    const url = await createDatabase(testDatabaseUrl(), name);
    dataSource = await new DataSource({ ...createDataSourceOptions(url), extra: { max: 4 } }).initialize();
    await runMigrationsExclusively(dataSource);
    directory = await mkdtemp(join(tmpdir(), 'healthlink-plans-'));
    for (const [fileName, text] of Object.entries(FILES)) await put(fileName, text);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(testDatabaseUrl(), name);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('loads once when two processes start together', async () => {
    const outcomes = await Promise.all([service().ensureLoaded(), service().ensureLoaded()]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        // Every file on a first load, in PLAN_FILES' order.
        { loaded: true, changedFiles: Object.values(PLAN_FILES).map((f) => f.fileName) },
        { loaded: false, changedFiles: [] },
      ]),
    );
    const county = await service().plansInCounty('AL', 'Autauga County');
    expect(county.plans.map((plan) => plan.bidId)).toEqual(['H0001_001_0']);
    expect(county.withoutDetails).toBe(2);
    // Text goes through COPY as written: a backslash, quotes and a tab.
    expect(county.plans[0]!.services.primaryCare?.text).toBe('$5 copay \\ "x"');
    expect(await dataSource.query(`SELECT bid_id, name, carrier, record IS NULL AS bare FROM plans ORDER BY bid_id`)).toEqual([
      { bid_id: 'H0001_001_0', name: 'Plan H0001 001', carrier: 'Carrier A', bare: false },
      { bid_id: 'H0001_002_0', name: 'Plan, without page', carrier: 'Carrier B', bare: true },
      { bid_id: 'S0001_001_0', name: 'Drug plan', carrier: 'Carrier C', bare: true },
    ]);
    expect((await service().plansInCounty('AL', 'Baldwin')).withoutDetails).toBe(2);
  });

  it('loads again when a file changed, naming it, and not again after', async () => {
    const [before] = await dataSource.query(`SELECT xmin::text AS xmin FROM plans WHERE bid_id = 'H0001_001_0'`);
    await put(PLAN_FILES.details.fileName, `${page('H0001', '001', '$12.50')}\n`);
    expect(await service().ensureLoaded()).toEqual({ loaded: true, changedFiles: [PLAN_FILES.details.fileName] });
    expect((await service().plan('H0001_001_0'))?.premiums.total).toBe(12.5);
    const [after] = await dataSource.query(`SELECT xmin::text AS xmin FROM plans WHERE bid_id = 'H0001_001_0'`);
    expect(after).not.toEqual(before);
    expect(await service().ensureLoaded()).toEqual({ loaded: false, changedFiles: [] });
    expect(await dataSource.query(`SELECT xmin::text AS xmin FROM plans WHERE bid_id = 'H0001_001_0'`)).toEqual([after]);
  });

  it('stops on a malformed file, naming it and the line, and keeps the loaded rows', async () => {
    await put(PLAN_FILES.counties.fileName, 'bid_id,state,county\nH0001_001_0,Alabama,Autauga\n');
    await expect(service().ensureLoaded()).rejects.toThrow(`${PLAN_FILES.counties.fileName} line 2: "Alabama" is not a state code`);
    expect((await service().plansInCounty('AL', 'Autauga')).plans.map((plan) => plan.bidId)).toEqual(['H0001_001_0']);
  });
});
