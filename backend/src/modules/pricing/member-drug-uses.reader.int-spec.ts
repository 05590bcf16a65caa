import type { DataSource } from 'typeorm';
import { buildEob, buildMedicationRequest } from '../../../test/factories/health-data.factory';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { strictMock } from '../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../common/errors';
import type { PatientInfoRepository } from '../accounts';
// Specs may reach into what they test: health-data's real services store and list the member's drugs.
import { HealthDataRepository } from '../health-data/health-data.repository';
import { HealthDataService } from '../health-data/health-data.service';
import { MedicationListRepository } from '../health-data/medication-list.repository';
import { MedicationListService } from '../health-data/medication-list.service';
import { MemberDrugUsesReader } from './member-drug-uses.reader';
import { PricesRepository } from './prices/prices.repository';
import { PricesService } from './prices/prices.service';
import { ReferenceDataRepository } from './reference-data/reference-data.repository';
import { ReferenceDataService } from './reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-data/reference-files';

// Real drugs of the reference data: Zocor 20 MG (an RxNorm SBD: brand), lisinopril 5 MG (an SCD: generic, priced in
// the weekly NADAC file), Lipitor 10 MG (too new for the NDC directory: brand by NADAC's own classification).
const ZOCOR_20 = '00006074031';
const LISINOPRIL_5 = '68180051301';
const LIPITOR_10 = '58151015577';
const METFORMIN_500 = '00093104801';

const daysSupply = (days: number) => ({
  supportingInfo: [
    {
      sequence: 1,
      category: { coding: [{ system: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBSupportingInfoType', code: 'dayssupply' }] },
      valueQuantity: { value: days },
    },
  ],
});
/** A pharmacy claim of one fill; its `submitted` total is the fill's full cost (payment + patient paid). */
const fill = (id: string, date: string, ndc: string, name: string, payment: number, patientPaid: number, days = 30) => ({
  ...buildEob({ id, date, payment, patientPaid, deductible: null, copay: patientPaid, drug: { ndc, name } }),
  ...daysSupply(days),
});

describe('MemberDrugUsesReader (PostgreSQL, real reference data)', () => {
  let dataSource: DataSource;
  let healthData: HealthDataService;
  let prices: PricesService;
  let reader: MemberDrugUsesReader;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    const reference = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
    await reference.ensureLoaded();
    await reference.ensureNadacLoaded();
    healthData = new HealthDataService(new HealthDataRepository(dataSource), {} as PatientInfoRepository);
    prices = new PricesService(new PricesRepository(dataSource), strictMock<ErrorRecorder>());
    reader = new MemberDrugUsesReader(dataSource, new MedicationListService(new MedicationListRepository(dataSource)), prices);
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  it('reads each drug the member took in the period: its fills, days, kind, and the cost of 30 days from its claims or NADAC', async () => {
    const { id: userId } = await createUser(dataSource);
    const { id: other } = await createUser(dataSource);
    const lipitor = buildEob({ id: 'lipitor-1', date: '2025-04-10', drug: { ndc: LIPITOR_10, name: 'LIPITOR 10 MG TABLET' } });
    // A fill whose claim gives no cost: priced from NADAC.
    delete (lipitor as { total?: unknown }).total;
    await healthData.ingest(userId, 'uhc', [
      fill('zocor-1', '2025-02-01', ZOCOR_20, 'ZOCOR 20MG TAB', 100, 20),
      fill('zocor-2', '2025-03-03', ZOCOR_20, 'ZOCOR 20MG TAB', 150, 30, 60),
      fill('zocor-old', '2024-11-01', ZOCOR_20, 'ZOCOR 20MG TAB', 5000, 0),
      { ...lipitor, ...daysSupply(30) },
      // Written in the period and never filled: taken all year, 12 fills assumed.
      buildMedicationRequest({ id: 'mr-lisinopril', authoredOn: '2025-06-01', ndc: LISINOPRIL_5, name: 'Lisinopril 5 MG Oral Tablet' }),
      // Filled long before the period only: not a drug of the period.
      fill('metformin-old', '2023-01-05', METFORMIN_500, 'Metformin 500 MG', 10, 2),
    ]);
    await healthData.ingest(other, 'uhc', [fill('not-theirs', '2025-02-01', METFORMIN_500, 'Metformin 500 MG', 10, 2)]);

    const uses = await reader.drugUses(userId, '2025-01-01', '2025-12-31');

    // NADAC's price of one fill of each (30 units, a 30-day supply, as neither fill gives its quantity).
    const [lisinoprilPrices, lipitorPrices] = await prices.priceDrugs([
      { ndc11: LISINOPRIL_5, rxcui: '311354', quantity: null },
      { ndc11: LIPITOR_10, rxcui: null, quantity: null },
    ]);
    const lisinopril = lisinoprilPrices!.generic!;
    const lipitorPrice = lipitorPrices!.brand!;
    expect(Number(lipitorPrice.price)).toBeGreaterThan(100);

    expect(uses).toEqual(
      expect.arrayContaining([
        {
          name: 'ZOCOR 20MG TAB',
          rxcui: '104491',
          kind: 'brand',
          fills: 2,
          daysSupplied: 90,
          // (120 + 180) over 90 days, for 30.
          monthlyCost: 100,
          priceSource: 'claims',
          priceAsOf: null,
        },
        {
          name: 'LIPITOR 10 MG TABLET',
          rxcui: null,
          kind: 'brand',
          fills: 1,
          daysSupplied: 30,
          monthlyCost: Number(lipitorPrice.price),
          priceSource: 'nadac',
          priceAsOf: lipitorPrice.priceDate,
        },
        {
          name: 'Lisinopril 5 MG Oral Tablet',
          rxcui: '311354',
          kind: 'generic',
          fills: 12,
          daysSupplied: 360,
          monthlyCost: Number(lisinopril.price),
          priceSource: 'nadac',
          priceAsOf: lisinopril.priceDate,
        },
      ]),
    );
    expect(uses).toHaveLength(3);
    expect(await reader.drugUses((await createUser(dataSource)).id, '2025-01-01', '2025-12-31')).toEqual([]);
  });
});
