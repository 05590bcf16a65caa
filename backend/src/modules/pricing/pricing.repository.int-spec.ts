import type { DataSource } from 'typeorm';
import { createPrescription } from '../../../test/factories/prescription.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { PricingRepository } from './pricing.repository';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

// A real NDC of the reference data: simvastatin 20 MG.
const SIMVASTATIN_NDC = '00615799330';

describe('PricingRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: PricingRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    await new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR).ensureLoaded();
    repository = new PricingRepository(dataSource);
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  it("reads the quantity and RxCUI of the user's own fills only", async () => {
    const [member, other] = [await createUser(dataSource), await createUser(dataSource)];
    const mine = await createPrescription(dataSource, member.id, { drugName: 'Simvastatin 20mg', drugNdc: SIMVASTATIN_NDC });
    const theirs = await createPrescription(dataSource, other.id, { drugName: 'Warfarin 5mg', drugNdc: '00056017270' });
    await dataSource.query(`UPDATE prescriptions SET quantity = 90, rxcui = '312961' WHERE id = $1`, [mine]);

    const fills = await repository.fills(member.id, [mine, theirs]);
    expect([...fills.entries()]).toEqual([[mine, { quantity: 90, rxcui: '312961' }]]);
  });

  it('finds the listed interactions among the ingredients asked, with the date of the lists', async () => {
    // simvastatin (36567) + clarithromycin (21212): high-priority; warfarin (11289) + dexamethasone (3264): non-interruptive.
    const found = await repository.interactionsAmong(['36567', '21212', '11289', '3264', '99999999']);
    expect(found.interactions).toEqual(
      expect.arrayContaining([
        { a: '11289', b: '3264', level: 'moderate' },
        { a: '21212', b: '36567', level: 'major' },
      ]),
    );
    const pairs = found.interactions.map((interaction) => `${interaction.a}|${interaction.b}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(found.interactionsAsOf).toBe('2014-04-04');
  });

  it('answers no interactions, with the lists date, for no ingredients', async () => {
    expect(await repository.interactionsAmong([])).toEqual({ interactions: [], interactionsAsOf: '2014-04-04' });
  });
});
