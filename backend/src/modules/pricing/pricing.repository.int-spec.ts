import type { DataSource } from 'typeorm';
import { createPrescription } from '../../../test/factories/prescription.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { PricingRepository } from './pricing.repository';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

// Real NDCs of the reference data: simvastatin 20 MG (4-4-2 printed, stored as ten digits) and clarithromycin
// 500 MG, a pair on the ONC high-priority list.
const SIMVASTATIN_NDC = '0615799330';
const CLARITHROMYCIN_NDC = '00054003721';

describe('PricingRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: PricingRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    await new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR).ensureLoaded();
    repository = new PricingRepository(dataSource);
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  it("reads the user's own distinct drugs, the most recently prescribed first and undated ones last", async () => {
    const [member, other] = [await createUser(dataSource), await createUser(dataSource)];
    await createPrescription(dataSource, member.id, { drugName: 'Fish oil', drugNdc: null, datePrescribed: null });
    await createPrescription(dataSource, member.id, {
      drugName: 'Simvastatin 20mg',
      drugNdc: SIMVASTATIN_NDC,
      datePrescribed: '2024-01-01',
    });
    await createPrescription(dataSource, member.id, {
      drugName: 'Clarithromycin 500mg',
      drugNdc: CLARITHROMYCIN_NDC,
      datePrescribed: '2025-03-01',
    });
    await createPrescription(dataSource, member.id, {
      drugName: 'Simvastatin 20mg',
      drugNdc: SIMVASTATIN_NDC,
      datePrescribed: '2025-02-01',
    });
    await createPrescription(dataSource, other.id, { drugName: 'Warfarin 5mg', drugNdc: '00056017270' });

    expect(await repository.medications(member.id)).toEqual([
      { drugNdc: CLARITHROMYCIN_NDC, drugName: 'Clarithromycin 500mg' },
      { drugNdc: SIMVASTATIN_NDC, drugName: 'Simvastatin 20mg' },
      { drugNdc: null, drugName: 'Fish oil' },
    ]);
    expect(await repository.medications(other.id)).toEqual([{ drugNdc: '00056017270', drugName: 'Warfarin 5mg' }]);
  });

  it('finds the known NDCs among those asked, and the listed interactions among their ingredients', async () => {
    const found = await repository.drugsAndInteractions(['00615799330', '06157099330', '06157993300', CLARITHROMYCIN_NDC, '99999999999']);
    expect(found.drugs).toEqual([
      {
        ndc11: CLARITHROMYCIN_NDC,
        rxcui: '197517',
        rxnormName: 'clarithromycin 500 MG Oral Tablet',
        ingredients: [{ rxcui: '21212', name: 'clarithromycin' }],
      },
      {
        ndc11: '00615799330',
        rxcui: '312961',
        rxnormName: 'simvastatin 20 MG Oral Tablet',
        ingredients: [{ rxcui: '36567', name: 'simvastatin' }],
      },
    ]);
    expect(found.interactions).toEqual([{ a: '21212', b: '36567', level: 'major' }]);
    expect(found.interactionsAsOf).toBe('2014-04-04');
  });

  it('answers no drugs and no interactions, with the lists date, for no NDCs', async () => {
    expect(await repository.drugsAndInteractions([])).toEqual({ drugs: [], interactions: [], interactionsAsOf: '2014-04-04' });
  });

  it('answers every listed pair once among many ingredients, moderate ones too', async () => {
    // warfarin + dexamethasone is on the non-interruptive (moderate) list; simvastatin + clarithromycin on the high-priority one.
    const ndcs: { ndc11: string }[] = await dataSource.query(
      `SELECT DISTINCT ON (ingredient_rxcuis) ndc11 FROM ndc_drugs WHERE ingredient_rxcuis IN ('{11289}', '{3264}', '{36567}', '{21212}') ORDER BY ingredient_rxcuis, ndc11`,
    );
    expect(ndcs).toHaveLength(4);
    const found = await repository.drugsAndInteractions(ndcs.map((row) => row.ndc11));
    expect(found.interactions).toEqual(
      expect.arrayContaining([
        { a: '11289', b: '3264', level: 'moderate' },
        { a: '21212', b: '36567', level: 'major' },
      ]),
    );
    const pairs = found.interactions.map((interaction) => `${interaction.a}|${interaction.b}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
