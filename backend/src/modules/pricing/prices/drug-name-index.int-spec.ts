import { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { ReferenceDataRepository } from '../reference-data/reference-data.repository';
import { ReferenceDataService } from '../reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from '../reference-data/reference-files';
import { DrugNameIndex } from './drug-name-index';
import { DrugNameIndexService } from './drug-name-index.service';
import { PricesRepository } from './prices.repository';
import { realAsPrinted, wordSimilarity } from './trigram';

const NAMES = [
  'atorvastatin',
  'atorvastatn',
  'Lipitor',
  'lisinopril',
  'metformin er',
  'metformin',
  'insulin glargine',
  'amox',
  'amoxicillin 500',
  'Li',
  'a',
  'warfarin 5',
  'simvastatin 20 mg',
  'zzqx',
  'omeprazole',
  'levothyroxin',
  'Zocor',
  'hydrochlorothiazide 25',
  'gabapentin caps',
  'albuterol inhaler',
  'prednisone 10mg',
  'ibu',
  'acetaminophen-codeine',
  '100%_\\',
];
const LIMIT = 40;

describe('DrugNameIndex against the SQL search (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: PricesRepository;
  let index: DrugNameIndex;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    const reference = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
    await reference.ensureLoaded();
    await reference.ensureNadacLoaded();
    repository = new PricesRepository(dataSource);
    // The index's footprint (with the rows it keeps), for the README: informative, not asserted; exact only under
    // `node --expose-gc` (otherwise the loads' garbage counts too).
    const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    index = new DrugNameIndex(await repository.nameIndexNadacRows(), await repository.nameIndexRxnormRows());
    gc();
    console.info('drug name index', index.size, `heap +${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(1)} MB`);
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  it.each(NAMES)('gives the SQL candidates for %j', async (name) => {
    const sql = await repository.searchCandidates(name, LIMIT);
    const memory = index.search(name, LIMIT);
    expect(memory).toEqual(sql);
  });

  it('keeps the answers of recent searches, frozen', () => {
    const first = index.search('simvastatin 20 mg', LIMIT);
    expect(index.search('simvastatin 20 mg', LIMIT)).toBe(first);
    expect(index.search('simvastatin 20 mg', LIMIT / 2)).not.toBe(first);
    expect(Object.isFrozen(first.nadac[0])).toBe(true);
    expect(() => (first.nadac as unknown[]).push(null)).toThrow(TypeError);
  });

  it("computes word_similarity as the server's pg_trgm does, over real names", async () => {
    const rows: { query: string; text: string; score: number }[] = await dataSource.query(
      `SELECT q.query, t.text, word_similarity(q.query, t.text) AS score
       FROM unnest($1::text[]) AS q(query)
       CROSS JOIN (
         (SELECT description AS text FROM nadac_prices WHERE source = 'nadac-weekly' AND description IS NOT NULL ORDER BY md5(ndc11) LIMIT 300)
         UNION ALL (SELECT name FROM rxnorm_concepts ORDER BY md5(rxcui) LIMIT 300)
       ) t`,
      [NAMES],
    );
    expect(rows.length).toBeGreaterThan(10_000);
    const differing = rows.filter((row) => realAsPrinted(wordSimilarity(row.query, row.text)) !== row.score);
    expect(differing).toEqual([]);
  });

  it('is built by the service once the reference data is loaded, and answers the same after a rebuild', async () => {
    const reference = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
    const service = new DrugNameIndexService(repository, reference);
    service.onModuleInit();
    expect(service.current).toBeNull();
    await reference.onApplicationBootstrap();
    await service.rebuild();
    const first = service.current;
    expect(first?.search('atorvastatin', LIMIT)).toEqual(index.search('atorvastatin', LIMIT));
    const loads = jest.spyOn(repository, 'nameIndexNadacRows');
    // A notice that changed nothing (the same reference version): the index is kept, no rows read.
    await service.rebuild();
    expect(loads).not.toHaveBeenCalled();
    expect(service.current).toBe(first);
    // Tables reloaded: two changes during one build give one more build, not two at once.
    await dataSource.query(`UPDATE reference_datasets SET loaded_at = loaded_at + interval '1 microsecond' WHERE dataset = 'nadac_weekly'`);
    const versions = jest.spyOn(repository, 'referenceVersion');
    await Promise.all([service.rebuild(), service.rebuild(), service.rebuild()]);
    expect(versions).toHaveBeenCalledTimes(2);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(service.current).not.toBe(first);
    expect(service.current?.search('Lipitor', LIMIT)).toEqual(index.search('Lipitor', LIMIT));
    service.onApplicationShutdown();
  }, 60_000);
});
