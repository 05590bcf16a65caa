import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../../test/utils/test-database';
import { createDataSourceOptions } from '../database/data-source-options';
import { ReferenceDataRepository } from '../modules/pricing/reference-data/reference-data.repository';
import { ReferenceDataService } from '../modules/pricing/reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from '../modules/pricing/reference-data/reference-files';
import { main } from './data-import';

const HEADER =
  '"NDC Description",NDC,"NADAC Per Unit","Effective Date","Pricing Unit","Pharmacy Type Indicator",OTC,"Explanation Code","Classification for Rate Setting","Corresponding Generic Drug NADAC Per Unit","Corresponding Generic Drug Effective Date","As of Date"';
const week = (asOf: string, price = '0.02100') =>
  [
    HEADER,
    `"ATORVASTATIN 10 MG TABLET",00093505610,${price},${asOf},EA,C/I,N,1,G,,,${asOf}`,
    `"LIPITOR 10 MG TABLET",58151015577,13.90000,01/01/2026,EA,C/I,N,4,B,${price},${asOf},${asOf}`,
  ].join('\n') + '\n';

/** `npm run data:import -- nadac FILE` against a database of its own (it replaces the weekly rates). */
describe('data:import nadac (PostgreSQL, own database)', () => {
  const name = uniqueDatabaseName('healthlink_nadac_import');
  let url: string;
  let dataSource: DataSource;
  let directory: string;
  let stdout: jest.SpyInstance;
  let stderr: jest.SpyInstance;
  const env = () => ({ NODE_ENV: 'test', DATABASE_URL: url, AUTH_JWT_SECRET: 'x'.repeat(48), DATA_DIR: directory, LOG_LEVEL: 'silent' });
  const rates = () =>
    dataSource.query(
      `SELECT ndc11, per_unit::text, to_char(as_of, 'YYYY-MM-DD') AS as_of FROM nadac_prices WHERE source = 'nadac-weekly' ORDER BY ndc11`,
    );
  const recorded = async () =>
    (
      await dataSource.query(
        `SELECT file_name, to_char(as_of, 'YYYY-MM-DD') AS as_of, row_count FROM reference_datasets WHERE dataset = 'nadac_weekly'`,
      )
    )[0];
  const boot = () => new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR).ensureNadacLoaded();
  const put = async (file: string, text: string) => {
    const path = join(directory, file);
    await writeFile(path, file.endsWith('.gz') ? gzipSync(text) : text);
    return path;
  };

  beforeAll(async () => {
    url = await createDatabase(testDatabaseUrl(), name);
    directory = await mkdtemp(join(tmpdir(), 'healthlink-nadac-'));
    // The CLI migrates the database itself: a fresh one works.
    expect(await main(['nadac', await put('first.csv', week('05/06/2026'))], env())).toBe(0);
    dataSource = await new DataSource({ ...createDataSourceOptions(url), extra: { max: 2 } }).initialize();
  }, 120_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(testDatabaseUrl(), name);
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  beforeEach(() => {
    stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads a CMS file, records its As of Date and SHA-256, and boot keeps it over the repo's older week", async () => {
    expect(await rates()).toEqual([
      { ndc11: '00093505610', per_unit: '0.02100', as_of: '2026-05-06' },
      { ndc11: '58151015577', per_unit: '13.90000', as_of: '2026-05-06' },
    ]);
    expect(await recorded()).toEqual({ file_name: 'first.csv', as_of: '2026-05-06', row_count: 2 });
    // The repo's copy is of 2026-04-29: the operator's newer week stays; the history is loaded beside it.
    expect(await boot()).toEqual(['nadac-history-last_2022.csv.gz']);
    expect(await rates()).toHaveLength(2);
  });

  it('replaces the week in one go with a newer (gzipped) file, and says so', async () => {
    expect(await main(['nadac', await put('second.csv.gz', week('05/13/2026', '0.02000'))], env())).toBe(0);
    expect(stdout).toHaveBeenCalledWith('NADAC as of 2026-05-13: 2 rates loaded (replacing the file as of 2026-05-06).\n');
    expect(await rates()).toEqual([
      { ndc11: '00093505610', per_unit: '0.02000', as_of: '2026-05-13' },
      { ndc11: '58151015577', per_unit: '13.90000', as_of: '2026-05-13' },
    ]);
  });

  it('refuses a file with a bad row, naming its line, and changes nothing', async () => {
    const before = await rates();
    const bad = week('05/20/2026').replace('"LIPITOR 10 MG TABLET",58151015577,13.90000', '"LIPITOR 10 MG TABLET",58151015577,abc');
    expect(await main(['nadac', await put('bad.csv', bad)], env())).toBe(1);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('line 3: NADAC Per Unit "abc" is not a price in dollars'));
    expect(await rates()).toEqual(before);
    expect(await recorded()).toMatchObject({ file_name: 'second.csv.gz', as_of: '2026-05-13' });
  });

  it('refuses an older week than the one loaded (the newer As of Date wins)', async () => {
    expect(await main(['nadac', await put('old.csv', week('04/22/2026'))], env())).toBe(1);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining("its As of Date 2026-04-22 is older than the loaded file's 2026-05-13"));
    expect(await recorded()).toMatchObject({ as_of: '2026-05-13' });
  });

  it('answers usage and unreadable files plainly', async () => {
    expect(await main(['rxnorm', 'x.csv'], env())).toBe(2);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('usage: npm run data:import -- nadac FILE'));
    expect(await main(['nadac', join(directory, 'missing.csv')], env())).toBe(1);
    expect(stderr).toHaveBeenCalledWith(`${join(directory, 'missing.csv')} cannot be read (ENOENT)\n`);
  });

  it("puts the repo's newer week back over an operator's older one at boot", async () => {
    await dataSource.query(`UPDATE reference_datasets SET as_of = '2026-01-07', sha256 = 'operator' WHERE dataset = 'nadac_weekly'`);
    expect(await boot()).toEqual(['nadac-weekly_2026-04-29.csv.gz']);
    expect(await recorded()).toEqual({ file_name: 'nadac-weekly_2026-04-29.csv.gz', as_of: '2026-04-29', row_count: 30_292 });
    expect(await boot()).toEqual([]);
  });
});
