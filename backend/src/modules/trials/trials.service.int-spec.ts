import { ClinicalTrialsTexts } from '@healthlink/contracts';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { strictMock } from '../../../test/utils/strict-mock';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { PatientInfoEntity } from '../accounts/entities/patient-info.entity';
import { PatientInfoRepository } from '../accounts/patient-info.repository';
import { MemberDiagnosesReader } from '../health-data';
import type { RateLimiter } from '../auth';
import type { PollingService } from '../polling';
import type { ClinicalTrialsClient, StudySearch, V2Study } from './clinical-trials.client';
import { TrialsReferenceData } from './reference/trials-reference-data';
import { TrialsRepository } from './trials.repository';
import { MATCH_TTL_MS, TrialsService } from './trials.service';

// Bethesda, MD and a site about 34 miles away in Baltimore.
const HOME_ZIP = '20814';
const BALTIMORE = { lat: 39.29038, lon: -76.61219 };

const diabetesStudy = (nctId: string, status = 'RECRUITING'): V2Study => ({
  protocolSection: {
    identificationModule: { nctId, briefTitle: `T2D study ${nctId}` },
    statusModule: { overallStatus: status, lastUpdatePostDateStruct: { date: '2025-01-02' } },
    conditionsModule: { conditions: ['Type 2 Diabetes'] },
    eligibilityModule: { minimumAge: '18 Years', sex: 'ALL' },
    contactsLocationsModule: { locations: [{ facility: 'Hopkins', city: 'Baltimore', state: 'Maryland', geoPoint: BALTIMORE }] },
  },
});

describe('TrialsService with trial_matches (PostgreSQL)', () => {
  let dataSource: DataSource;
  let service: TrialsService;
  let patientInfo: PatientInfoRepository;
  let client: jest.Mocked<ClinicalTrialsClient>;
  let searches: StudySearch[];

  beforeAll(async () => {
    dataSource = await openTestDataSource([PatientInfoEntity]);
    patientInfo = new PatientInfoRepository(dataSource.getRepository(PatientInfoEntity));
  });
  afterAll(() => dataSource?.destroy());

  beforeEach(() => {
    searches = [];
    client = strictMock<ClinicalTrialsClient>();
    client.dataTimestamp.mockResolvedValue('2025-11-28T00:00:00');
    client.searchStudies.mockImplementation(async (search) => {
      searches.push(search);
      return { studies: [diabetesStudy('NCT90000001'), diabetesStudy('NCT90000002', 'COMPLETED')], pages: 1, truncated: false };
    });
    service = new TrialsService(
      strictMock<PollingService>(),
      client,
      new TrialsRepository(dataSource),
      new MemberDiagnosesReader(dataSource),
      patientInfo,
      new TrialsReferenceData(),
      // match() reads no limit: only retrieve() counts one.
      strictMock<RateLimiter>(),
    );
  });

  async function member(options: { zip?: string | null; codes?: string[] } = {}) {
    const user = await createUser(dataSource);
    await patientInfo.upsert(user.id, 'uhc', {
      postalCode: options.zip === undefined ? HOME_ZIP : options.zip,
      birthdate: '1968-04-02',
      gender: 'female',
    });
    for (const [i, code] of (options.codes ?? ['E11.9']).entries()) {
      await dataSource.query(
        `INSERT INTO conditions (user_id, insurer_key, source_id, code_system, code, display, clinical_status)
         VALUES ($1, 'uhc', $2, 'http://hl7.org/fhir/sid/icd-10-cm', $3, NULL, 'active')`,
        [user.id, `c${i}`, code],
      );
    }
    return user.id;
  }
  const row = async (userId: string) =>
    (
      await dataSource.query(`SELECT inputs_hash, as_of::text, xmin::text AS xmin, result FROM trial_matches WHERE user_id = $1`, [userId])
    )[0];

  it('matches, stores the list with its hash and data date, and answers the stored list while nothing changed', async () => {
    const userId = await member();
    const first = await service.match(userId, 100);
    expect(first.status).toBe('complete');
    if (first.status !== 'complete') return;
    expect(first.response).toMatchObject({ asOf: '2025-11-28', radiusMiles: 100, zip: HOME_ZIP });
    expect(first.response.trials.map((t) => t.nctId)).toEqual(['NCT90000001', 'NCT90000002']);
    expect(first.response.diagnosesSearched).toEqual([
      {
        code: 'E11.9',
        name: 'Type 2 diabetes mellitus without complications',
        chapter: 'Endocrine, nutritional and metabolic diseases',
        searchTerm: 'type 2 diabetes',
        sources: ['condition'],
      },
    ]);
    // Open studies first, then running or past ones.
    expect(searches).toEqual([
      expect.objectContaining({
        cond: 'type 2 diabetes',
        statuses: ['RECRUITING', 'NOT_YET_RECRUITING', 'ENROLLING_BY_INVITATION'],
        geo: expect.objectContaining({ miles: 100 }),
      }),
      expect.objectContaining({ cond: 'type 2 diabetes', statuses: ['ACTIVE_NOT_RECRUITING', 'COMPLETED', 'TERMINATED', 'WITHDRAWN'] }),
    ]);
    const stored = await row(userId);
    expect(stored.inputs_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.as_of).toBe('2025-11-28');

    const again = await service.match(userId, 100);
    expect(again).toEqual(first);
    expect(client.searchStudies).toHaveBeenCalledTimes(2);
    expect((await row(userId)).xmin).toBe(stored.xmin);
  });

  it('recomputes when a diagnosis, the ZIP or the radius changes, replacing the one row', async () => {
    const userId = await member();
    await service.match(userId, 100);
    const hashes = [(await row(userId)).inputs_hash];

    await dataSource.query(
      `INSERT INTO conditions (user_id, insurer_key, source_id, code_system, code, clinical_status)
       VALUES ($1, 'uhc', 'new', 'http://hl7.org/fhir/sid/icd-10-cm', 'I10', 'active')`,
      [userId],
    );
    await service.match(userId, 100);
    hashes.push((await row(userId)).inputs_hash);
    expect(client.searchStudies).toHaveBeenCalledTimes(4);

    await patientInfo.updateAllOfUser(userId, { postalCode: '21201' });
    const moved = await service.match(userId, 100);
    hashes.push((await row(userId)).inputs_hash);
    expect(moved.status === 'complete' && moved.response.zip).toBe('21201');

    await service.match(userId, 50);
    hashes.push((await row(userId)).inputs_hash);
    expect(new Set(hashes).size).toBe(4);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM trial_matches WHERE user_id = $1`, [userId]))[0].n).toBe(1);
  });

  it('recomputes a stored list older than a day', async () => {
    const userId = await member();
    await service.match(userId, 100);
    await dataSource.query(`UPDATE trial_matches SET created_at = now() - make_interval(secs => $2) WHERE user_id = $1`, [
      userId,
      MATCH_TTL_MS / 1000 + 60,
    ]);
    await service.match(userId, 100);
    expect(client.searchStudies).toHaveBeenCalledTimes(4);
  });

  it('missing: no ZIP, no diagnoses, or a ZIP not on the map; nothing is searched', async () => {
    const noZip = await member({ zip: null });
    expect(await service.match(noZip, 100)).toEqual({
      status: 'missing',
      response: { reason: 'no-zip', message: ClinicalTrialsTexts.missingZip, radiusMiles: 100 },
    });
    const noDiagnoses = await member({ codes: [] });
    expect(await service.match(noDiagnoses, 100)).toMatchObject({ status: 'missing', response: { reason: 'no-diagnoses' } });
    const onlyEncounters = await member({ codes: ['Z00.00'] });
    expect(await service.match(onlyEncounters, 100)).toMatchObject({ status: 'missing', response: { reason: 'no-diagnoses' } });
    const nowhere = await member({ zip: '00000' });
    expect(await service.match(nowhere, 100)).toMatchObject({ status: 'missing', response: { reason: 'unknown-zip' } });
    expect(client.searchStudies).not.toHaveBeenCalled();
  });

  it('the row goes with the account', async () => {
    const userId = await member();
    await service.match(userId, 100);
    await dataSource.query(`DELETE FROM users WHERE id = $1`, [userId]);
    expect(await row(userId)).toBeUndefined();
  });
});
