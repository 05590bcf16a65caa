import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../../../../test/utils/test-database';
import { createDataSourceOptions } from '../../../database/data-source-options';
import { runMigrationsExclusively } from '../../../database/migrate';
import { ReferenceDataRepository } from './reference-data.repository';
import { ReferenceDataService } from './reference-data.service';
import { REFERENCE_DATA_DIR, REFERENCE_FILES } from './reference-files';

const ALL_DATASETS = Object.values(REFERENCE_FILES)
  .map((file) => file.dataset)
  .sort();
const ALL_FILES = Object.values(REFERENCE_FILES).map((file) => file.fileName);

const serviceOn = (dataSource: DataSource, directory: string) =>
  new ReferenceDataService(new ReferenceDataRepository(dataSource), directory);

describe('ReferenceDataService on the repo files (PostgreSQL)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    // The run's database: loaded here or by an app another test file booted (once per database either way).
    await serviceOn(dataSource, REFERENCE_DATA_DIR).ensureLoaded();
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await dataSource.query(sql, params)) as T[])[0]!;

  it('records every file with its data date and row count', async () => {
    const rows: { dataset: string; as_of: string; row_count: number }[] = await dataSource.query(
      `SELECT dataset, to_char(as_of, 'YYYY-MM-DD') AS as_of, row_count FROM reference_datasets WHERE dataset NOT IN ('derived', 'nadac_weekly', 'nadac_history') AND dataset NOT LIKE 'plans\\_%' ORDER BY dataset`,
    );
    expect(rows.map((row) => row.dataset)).toEqual(ALL_DATASETS);
    expect(rows).toContainEqual({ dataset: 'fda_ndc_packages', as_of: '2020-06-17', row_count: 206_338 });
    expect(rows).toContainEqual({ dataset: 'rxnorm_ndcs', as_of: '2025-10-06', row_count: 221_960 });
    expect(rows).toContainEqual({ dataset: 'onc_interactions', as_of: '2014-04-04', row_count: 3_044 });
    expect(await one(`SELECT count(*)::int AS n FROM ndc_packages`)).toEqual({ n: 206_338 });
  });

  it('keys every FDA package by its 11-digit form, whatever its printed form', async () => {
    const packages = await dataSource.query(
      `SELECT package_ndc, ndc11, product_ndc FROM ndc_packages WHERE package_ndc IN ('0615-7993-30', '10014-001-07', '10018-8999-1') ORDER BY 1`,
    );
    expect(packages).toEqual([
      { package_ndc: '0615-7993-30', ndc11: '00615799330', product_ndc: '0615-7993' },
      { package_ndc: '10014-001-07', ndc11: '10014000107', product_ndc: '10014-001' },
      { package_ndc: '10018-8999-1', ndc11: '10018899901', product_ndc: '10018-8999' },
    ]);
  });

  it('maps NDCs to RxCUI and ingredients, from RxNorm 2025 and, for what it lacks, RxNav 2020', async () => {
    // simvastatin 20 MG (RxNorm 2025), clarithromycin 500 MG (11 digits), atorvastatin (an "A" ingredient: 2020 only).
    expect(
      await one(
        `SELECT rxcui, to_char(rxcui_release, 'YYYY-MM-DD') AS release, ingredient_rxcuis FROM ndc_drugs WHERE ndc11 = '00615799330'`,
      ),
    ).toEqual({
      rxcui: '312961',
      release: '2025-10-06',
      ingredient_rxcuis: ['36567'],
    });
    expect(await one(`SELECT ingredient_rxcuis FROM ndc_drugs WHERE ndc11 = '00054003721'`)).toEqual({ ingredient_rxcuis: ['21212'] });
    expect(await one(`SELECT name, to_char(release, 'YYYY-MM-DD') AS release FROM rxnorm_concepts WHERE rxcui = '83367'`)).toEqual({
      name: 'atorvastatin',
      release: '2020-06-17',
    });
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM ndc_drugs WHERE ingredient_rxcuis = '{83367}'`)).n).toBeGreaterThan(
      100,
    );
  });

  it('names FDA products from RxNorm and indexes names by trigram for a misspelt search', async () => {
    expect(
      await one(`SELECT labeler_code, rxcui, drug_name, strength, dose_form FROM ndc_products WHERE product_ndc = '0615-7993'`),
    ).toEqual({
      labeler_code: '0615',
      rxcui: '312961',
      drug_name: 'simvastatin 20 MG Oral Tablet',
      strength: '20 MG',
      dose_form: 'Oral Tablet',
    });
    const [best] = await dataSource.query(
      `SELECT name FROM rxnorm_concepts WHERE tty = 'IN' AND name % $1 ORDER BY similarity(name, $1) DESC LIMIT 1`,
      ['simvastatn'],
    );
    expect(best).toEqual({ name: 'simvastatin' });
    // On a table this small the planner may rightly prefer a scan: without one, the trigram index must serve.
    const plan = await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(`EXPLAIN SELECT name FROM rxnorm_concepts WHERE name % 'simvastatn'`)) as { 'QUERY PLAN': string }[];
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('idx_rxnorm_concepts_name_trgm');
  });

  it('keeps the ONC lists by unordered ingredient pair: simvastatin + clarithromycin is major', async () => {
    expect(await one(`SELECT level FROM drug_interactions WHERE ingredient_a_rxcui = '21212' AND ingredient_b_rxcui = '36567'`)).toEqual({
      level: 'major',
    });
    // 1,111 high-priority pairs and 1,935 non-interruptive ones, two of them on both lists (kept as major).
    expect(await dataSource.query(`SELECT level, count(*)::int AS n FROM drug_interactions GROUP BY level ORDER BY level`)).toEqual([
      { level: 'major', n: 1_111 },
      { level: 'moderate', n: 1_933 },
    ]);
  });

  it('loads nothing again when the files are unchanged: the rows keep their xmin', async () => {
    const before = await one(`SELECT xmin::text AS xmin FROM ndc_drugs WHERE ndc11 = '00615799330'`);
    expect(await serviceOn(dataSource, REFERENCE_DATA_DIR).ensureLoaded()).toEqual({ loaded: false, changedFiles: [] });
    expect(await one(`SELECT xmin::text AS xmin FROM ndc_drugs WHERE ndc11 = '00615799330'`)).toEqual(before);
  });
});

/** Small files of the same layout, on a database of their own (the run's database keeps the real data). */
describe('ReferenceDataService versions (PostgreSQL, own database)', () => {
  const name = uniqueDatabaseName('healthlink_reference');
  let dataSource: DataSource;
  let directory: string;

  const FILES: Record<string, string> = {
    'fda-ndc-packages_2020-06-17.csv.gz': 'ndc,rxcui\n0615-7993-30,312961\n0054-0037-21,197517\n0071-0155-23,617312\n9999-9999-99,\n',
    'rxnorm-ndcs_2025-10-06.csv.gz': 'ndc11,rxcui\n00615799330,312961\n',
    'rxnorm-concepts_2025-10-06.csv.gz':
      'rxcui,tty,name\n312961,SCD,simvastatin 20 MG Oral Tablet\n36567,IN,simvastatin\n21212,IN,clarithromycin\n' +
      '99,BN,"Brand ""Q"", \\ 1\tmg"\n',
    'rxnorm-drugs_2025-10-06.csv.gz':
      'rxcui,generic_rxcui,brand_name,strength,dose_form,ingredient_rxcuis\n312961,,,20 MG,Oral Tablet,36567\n',
    'rxnav-ingredients_2020-06-17.csv.gz':
      'rxcui,ingredient_rxcui,ingredient_name\n197517,21212,clarithromycin\n617312,83367,atorvastatin\n',
    'onc-interactions_2014-04-04.csv.gz': 'level,rxcui_a,name_a,rxcui_b,name_b\nmajor,36567,simvastatin,21212,clarithromycin\n',
  };
  const put = (file: string, text: string) => writeFile(join(directory, file), gzipSync(text));
  const service = () => serviceOn(dataSource, directory);
  const query = (sql: string) => dataSource.query(sql);

  beforeAll(async () => {
    const url = await createDatabase(testDatabaseUrl(), name);
    dataSource = await new DataSource({ ...createDataSourceOptions(url), extra: { max: 4 } }).initialize();
    await runMigrationsExclusively(dataSource);
    directory = await mkdtemp(join(tmpdir(), 'healthlink-reference-'));
    for (const [file, text] of Object.entries(FILES)) await put(file, text);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(testDatabaseUrl(), name);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('loads once when two processes start together, and derives NDC drugs and products', async () => {
    const outcomes = await Promise.all([service().ensureLoaded(), service().ensureLoaded()]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { loaded: true, changedFiles: ALL_FILES },
        { loaded: false, changedFiles: [] },
      ]),
    );

    expect(await query(`SELECT dataset, row_count FROM reference_datasets ORDER BY 1`)).toEqual(
      [...ALL_DATASETS.map((dataset) => ({ dataset, row_count: expect.any(Number) })), { dataset: 'derived', row_count: 7 }].sort((a, b) =>
        a.dataset < b.dataset ? -1 : 1,
      ),
    );
    expect(await query(`SELECT ndc11, rxcui, ingredient_rxcuis FROM ndc_drugs ORDER BY ndc11`)).toEqual([
      { ndc11: '00054003721', rxcui: '197517', ingredient_rxcuis: ['21212'] },
      { ndc11: '00071015523', rxcui: '617312', ingredient_rxcuis: ['83367'] },
      { ndc11: '00615799330', rxcui: '312961', ingredient_rxcuis: ['36567'] },
    ]);
    expect(await query(`SELECT product_ndc, drug_name, ingredient_names, package_count FROM ndc_products ORDER BY 1`)).toEqual([
      { product_ndc: '0054-0037', drug_name: null, ingredient_names: 'clarithromycin', package_count: 1 },
      { product_ndc: '0071-0155', drug_name: null, ingredient_names: 'atorvastatin', package_count: 1 },
      { product_ndc: '0615-7993', drug_name: 'simvastatin 20 MG Oral Tablet', ingredient_names: 'simvastatin', package_count: 1 },
      { product_ndc: '9999-9999', drug_name: null, ingredient_names: null, package_count: 1 },
    ]);
    // Text goes through COPY as written: quotes, commas, a backslash and a tab.
    expect(await query(`SELECT name FROM rxnorm_concepts WHERE rxcui = '99'`)).toEqual([{ name: 'Brand "Q", \\ 1\tmg' }]);
    // Stored once per pair in the table's order, though the file gave it the other way round.
    expect(await query(`SELECT ingredient_a_rxcui, ingredient_b_rxcui, level FROM drug_interactions`)).toEqual([
      { ingredient_a_rxcui: '21212', ingredient_b_rxcui: '36567', level: 'major' },
    ]);
  });

  it('loads again when a file changed, naming it, and not again after', async () => {
    const [before] = await query(`SELECT xmin::text AS xmin FROM ndc_packages WHERE ndc11 = '00615799330'`);
    await put(
      'onc-interactions_2014-04-04.csv.gz',
      'level,rxcui_a,name_a,rxcui_b,name_b\nmoderate,21212,clarithromycin,36567,simvastatin\n',
    );

    expect(await service().ensureLoaded()).toEqual({ loaded: true, changedFiles: ['onc-interactions_2014-04-04.csv.gz'] });
    expect(await query(`SELECT level FROM drug_interactions`)).toEqual([{ level: 'moderate' }]);
    const [after] = await query(`SELECT xmin::text AS xmin FROM ndc_packages WHERE ndc11 = '00615799330'`);
    expect(after).not.toEqual(before);
    expect(await service().ensureLoaded()).toEqual({ loaded: false, changedFiles: [] });
    expect(await query(`SELECT xmin::text AS xmin FROM ndc_packages WHERE ndc11 = '00615799330'`)).toEqual([after]);
  });

  it('stops at a malformed file, naming the file, line and problem, and keeps what was loaded', async () => {
    const versions = await query(`SELECT dataset, sha256 FROM reference_datasets ORDER BY 1`);
    await put('onc-interactions_2014-04-04.csv.gz', 'level,rxcui_a,name_a,rxcui_b,name_b\nmajor,21212,clarithromycin,36567,simvastatin\n');
    await put('fda-ndc-packages_2020-06-17.csv.gz', 'ndc,rxcui\n0615-7993-30,312961\n0615-79933-0,312961\n');
    await expect(service().ensureLoaded()).rejects.toThrow(
      'fda-ndc-packages_2020-06-17.csv.gz line 3: package NDC "0615-79933-0" is not a dashed NDC',
    );
    await put('fda-ndc-packages_2020-06-17.csv.gz', 'ndc;rxcui\n');
    await expect(service().ensureLoaded()).rejects.toThrow('fda-ndc-packages_2020-06-17.csv.gz line 1: the header is "ndc;rxcui"');
    await rm(join(directory, 'fda-ndc-packages_2020-06-17.csv.gz'));
    await expect(service().ensureLoaded()).rejects.toThrow('fda-ndc-packages_2020-06-17.csv.gz');

    expect(await query(`SELECT dataset, sha256 FROM reference_datasets ORDER BY 1`)).toEqual(versions);
    expect(await query(`SELECT level FROM drug_interactions`)).toEqual([{ level: 'moderate' }]);
    expect(await query(`SELECT count(*)::int AS n FROM ndc_packages`)).toEqual([{ n: 4 }]);
  });
});
