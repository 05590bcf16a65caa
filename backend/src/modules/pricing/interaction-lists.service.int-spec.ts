import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { InteractionListsService } from './interaction-lists.service';
import { PricesRepository } from './prices/prices.repository';
import { PricingRepository } from './pricing.repository';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

describe('InteractionListsService (the ONC lists in memory)', () => {
  let dataSource: DataSource;
  let repository: PricingRepository;
  let reference: ReferenceDataService;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new PricingRepository(dataSource);
    reference = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
    await reference.ensureLoaded();
  }, 120_000);
  afterAll(() => dataSource?.destroy());

  it('answers what the SQL answers, for sets of listed and unlisted ingredients, and uses SQL until it is built', async () => {
    const lists = new InteractionListsService(repository, new PricesRepository(dataSource), reference);
    const sql = jest.spyOn(repository, 'interactionsAmong');
    // Ingredients of listed pairs, in a spread of sets (most interacting with some others), plus unknown RxCUIs.
    const ingredients: string[] = (
      await dataSource.query(
        `SELECT DISTINCT v.rxcui FROM drug_interactions x
         CROSS JOIN LATERAL (VALUES (x.ingredient_a_rxcui), (x.ingredient_b_rxcui)) AS v(rxcui) ORDER BY 1 LIMIT 400`,
      )
    ).map((row: { rxcui: string }) => row.rxcui);
    const sets = Array.from({ length: 20 }, (_, i) => [...ingredients.filter((_, j) => (j * 7 + i) % 20 < 3), '99999999']);
    sets.push([], ['36567'], ['21212', '36567', '21212']);

    expect(lists.current).toBeNull();
    const before = await lists.among(sets[0]!);
    expect(sql).toHaveBeenCalledTimes(1);

    await lists.rebuild();
    for (const set of sets) {
      const fromSql = await repository.interactionsAmong(set);
      expect(await lists.among(set)).toEqual(fromSql);
    }
    expect(await lists.among(sets[0]!)).toEqual(before);
    expect(before.interactions.length).toBeGreaterThan(0);
    expect(sql).toHaveBeenCalledTimes(1 + sets.length); // the comparisons' own calls: none from the lists
  }, 60_000);
});
