import type { PatientInfoRepository } from '../accounts';
import type { HealthDataPage, HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';

describe('HealthDataService.ingest', () => {
  const repository = { upsertPage: jest.fn(), transaction: jest.fn() };
  const patientInfo = { upsert: jest.fn() };
  const service = new HealthDataService(repository as unknown as HealthDataRepository, patientInfo as unknown as PatientInfoRepository);

  beforeEach(() => jest.resetAllMocks());

  const eob = (id: string, status: string) => ({
    resourceType: 'ExplanationOfBenefit',
    id,
    status,
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
  });

  it('stores a resource sent twice in one page once, as its last copy, with one projection row', async () => {
    const result = await service.ingest('user-1', 'uhc', [eob('a', 'draft'), eob('b', 'active'), eob('a', 'active')]);
    expect(result).toEqual({ stored: 2, skipped: 0 });
    const page = repository.upsertPage.mock.calls[0][2] as HealthDataPage;
    expect(page.resources).toEqual([eob('a', 'active'), eob('b', 'active')]);
    expect(page.claims.map((c) => [c.sourceId, c.status])).toEqual([['a', 'active'], ['b', 'active']]);
  });

  it('skips a resource without a type or an id, and stores the rest', async () => {
    const result = await service.ingest('user-1', 'uhc', [{ resourceType: 'Condition' }, { id: 'x' }, eob('c', 'active')]);
    expect(result).toEqual({ stored: 1, skipped: 2 });
    expect((repository.upsertPage.mock.calls[0][2] as HealthDataPage).resources).toEqual([eob('c', 'active')]);
  });
});
