import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createPrescription } from '../factories/prescription.factory';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

// Real NDCs of the reference data (backend/data/reference), as a pharmacy claim's projection stores them: without
// dashes, 10 or 11 digits. Simvastatin + clarithromycin is on the ONC high-priority list (major); warfarin +
// simvastatin and warfarin + dexamethasone on the non-interruptive one (moderate).
const SIMVASTATIN = { drugNdc: '0615799330', drugName: 'Simvastatin 20 MG Oral Tablet' }; // printed 0615-7993-30 (4-4-2)
const CLARITHROMYCIN = { drugNdc: '00054003721', drugName: 'Clarithromycin 500 MG Oral Tablet' };
const WARFARIN = { drugNdc: '00093172101', drugName: 'Warfarin Sodium 5 MG Oral Tablet' };
const DEXAMETHASONE = { drugNdc: '00054418425', drugName: 'Dexamethasone 4 MG Oral Tablet' };

const ONC_LISTS = {
  asOf: '2014-04-04',
  source:
    'ONC High-Priority (2012, major) and Non-Interruptive (2013, moderate) drug-drug interaction lists, mapped to RxNorm ingredients in 2014',
};

describe('GET /api/drugInteractions', () => {
  let app: NestFastifyApplication;

  // The first boot on a database loads the drug reference tables (once per database).
  beforeAll(async () => {
    app = await createTestApp();
  }, 180_000);
  afterAll(() => app?.close());

  const interactionsOf = (token?: string) =>
    app.inject({ method: 'GET', url: '/api/drugInteractions', headers: token ? bearer(token) : {} });

  it('answers 401 without a session', async () => {
    const res = await interactionsOf();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH.UNAUTHORIZED' });
  });

  it("finds the real ONC interactions among the member's drugs, most severe first, and only for that member", async () => {
    const member = await tokenFor(app);
    const other = await tokenFor(app);
    const ds = dataSourceOf(app);
    await createPrescription(ds, member.userId, { ...SIMVASTATIN, datePrescribed: '2024-11-02' });
    await createPrescription(ds, member.userId, { ...SIMVASTATIN, datePrescribed: '2025-02-01' });
    await createPrescription(ds, member.userId, { ...CLARITHROMYCIN, datePrescribed: '2025-03-01' });
    await createPrescription(ds, member.userId, { ...WARFARIN, datePrescribed: '2025-01-15' });
    await createPrescription(ds, member.userId, { ...DEXAMETHASONE, datePrescribed: '2024-12-20' });
    await createPrescription(ds, member.userId, { drugNdc: null, drugName: 'Fish Oil 1000 MG', datePrescribed: '2025-01-01' });
    await createPrescription(ds, other.userId, { ...SIMVASTATIN });

    const res = await interactionsOf(member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      interactions: [
        { drug_a: CLARITHROMYCIN.drugName, drug_b: SIMVASTATIN.drugName, level: 'major' },
        { drug_a: DEXAMETHASONE.drugName, drug_b: WARFARIN.drugName, level: 'moderate' },
        { drug_a: SIMVASTATIN.drugName, drug_b: WARFARIN.drugName, level: 'moderate' },
      ],
      ...ONC_LISTS,
      unchecked: ['Fish Oil 1000 MG'],
    });

    // The other member takes simvastatin alone: nothing of the first member's list reaches them.
    const theirs = await interactionsOf(other.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });
  });

  it('answers an empty list to a member with no drugs, and to one whose drugs do not interact', async () => {
    const none = await tokenFor(app);
    expect((await interactionsOf(none.token)).json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });

    const calm = await tokenFor(app);
    await createPrescription(dataSourceOf(app), calm.userId, { ...CLARITHROMYCIN });
    await createPrescription(dataSourceOf(app), calm.userId, { ...DEXAMETHASONE });
    expect((await interactionsOf(calm.token)).json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });
  });

  it('never identifies a drug by its name: one without a known NDC is listed as not checked', async () => {
    const member = await tokenFor(app);
    await createPrescription(dataSourceOf(app), member.userId, { drugNdc: '99999999999', drugName: 'Clarithromycin 250 MG' });
    await createPrescription(dataSourceOf(app), member.userId, { drugNdc: '12-34', drugName: 'Simvastatin 40 MG' });
    expect((await interactionsOf(member.token)).json()).toEqual({
      interactions: [],
      ...ONC_LISTS,
      unchecked: ['Clarithromycin 250 MG', 'Simvastatin 40 MG'],
    });
  });
});
