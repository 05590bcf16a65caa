import type { V2Study } from './clinical-trials.client';
import { Icd10Catalogue } from './reference/trials-reference';
import { compareTrials, matchReasons, planSearches, rankTrials, scoreOf, searchTermFor, words, type MatchContext } from './trial-matching';

const icd = Icd10Catalogue.load();
const BETHESDA = { lat: 38.99669, lon: -77.10217 };
// About 34 miles north-east of Bethesda.
const BALTIMORE = { lat: 39.29038, lon: -76.61219 };
// About 2,300 miles away.
const SEATTLE = { lat: 47.60621, lon: -122.33207 };

function study(
  nctId: string,
  options: {
    conditions?: string[];
    keywords?: string[];
    status?: string;
    at?: { lat: number; lon: number }[];
    minimumAge?: string;
    maximumAge?: string;
    sex?: string;
  } = {},
): V2Study {
  return {
    protocolSection: {
      identificationModule: { nctId, briefTitle: `Study ${nctId}`, organization: { fullName: 'Org' } },
      statusModule: { overallStatus: options.status ?? 'RECRUITING' },
      conditionsModule: { conditions: options.conditions ?? ['Diabetes Mellitus, Type 2'], keywords: options.keywords },
      eligibilityModule: { minimumAge: options.minimumAge ?? '18 Years', maximumAge: options.maximumAge, sex: options.sex ?? 'ALL' },
      contactsLocationsModule: {
        locations: (options.at ?? [BALTIMORE]).map((p, i) => ({
          facility: `Site ${i}`,
          city: 'Baltimore',
          state: 'Maryland',
          geoPoint: p,
        })),
      },
    },
  };
}

describe('planSearches', () => {
  it('keeps ICD-10-CM disease codes, one term per category, the terms OR-joined in one search', () => {
    const plan = planSearches(
      [
        { code: 'E119', display: null, sources: ['claim'] },
        { code: 'E1165', display: null, sources: ['condition'] },
        { code: 'I10', display: 'HTN', sources: ['claim', 'condition'] },
        { code: 'E785', display: null, sources: ['claim'] },
        { code: 'Z0000', display: null, sources: ['claim'] },
        { code: 'R079', display: null, sources: ['claim'] },
        { code: '25000', display: null, sources: ['claim'] },
        { code: 'E99ZZ', display: null, sources: ['claim'] },
      ],
      icd,
    );
    expect(plan.diagnoses.map((d) => [d.code, d.name, d.searchTerm])).toEqual([
      ['E11.65', 'Type 2 diabetes mellitus with hyperglycemia', 'type 2 diabetes'],
      ['E11.9', 'Type 2 diabetes mellitus without complications', 'type 2 diabetes'],
      ['E78.5', 'Hyperlipidemia, unspecified', 'hyperlipidemia'],
      ['I10', 'Essential (primary) hypertension', 'hypertension'],
    ]);
    expect(plan.diagnoses[0]!.chapter).toBe('Endocrine, nutritional and metabolic diseases');
    expect(plan.queries).toEqual(['(type 2 diabetes) OR (hyperlipidemia) OR (hypertension)']);
  });

  it('30 distinct diagnoses make far fewer searches than 30', () => {
    const codes = [
      'E119',
      'I10',
      'E785',
      'J45909',
      'M170',
      'F329',
      'N183',
      'I4891',
      'G4733',
      'K219',
      'E039',
      'M810',
      'G439',
      'F419',
      'J449',
      'I509',
      'E669',
      'G309',
      'G20',
      'C50911',
      'C61',
      'C3490',
      'I252',
      'M545',
      'L409',
      'K5090',
      'M0579',
      'N400',
      'H4011X0',
      'D649',
    ];
    const plan = planSearches(
      codes.map((code) => ({ code, display: null, sources: ['claim' as const] })),
      icd,
    );
    expect(plan.diagnoses).toHaveLength(30);
    // 29 distinct terms (F32 and F33 would share one), 8 per request.
    expect(plan.queries).toHaveLength(Math.ceil(new Set(plan.diagnoses.map((d) => d.searchTerm)).size / 8));
    expect(plan.queries.length).toBeLessThanOrEqual(4);
  });

  it('simplifies official titles into registry wording', () => {
    expect(searchTermFor('C25', 'Malignant neoplasm of pancreas')).toBe('pancreas cancer');
    expect(searchTermFor('J18', 'Pneumonia, unspecified organism')).toBe('pneumonia');
    expect(searchTermFor('K57', 'Diverticular disease of intestine')).toBe('diverticular disease of intestine');
    expect(searchTermFor('E11', 'Type 2 diabetes mellitus')).toBe('type 2 diabetes');
  });
});

describe('matchReasons', () => {
  const plan = planSearches(
    [
      { code: 'E119', display: null, sources: ['claim'] },
      { code: 'I10', display: null, sources: ['claim'] },
    ],
    icd,
  );

  it('exact when the study condition has every word of the term ("Type II" counts as type 2)', () => {
    const reasons = matchReasons(study('NCT00000001', { conditions: ['Type II Diabetes Mellitus'] }), plan.diagnoses);
    expect(reasons).toEqual([
      {
        diagnosisCode: 'E11.9',
        diagnosisName: 'Type 2 diabetes mellitus without complications',
        studyCondition: 'Type II Diabetes Mellitus',
        strength: 'exact',
        text: 'your diagnosis E11.9, type 2 diabetes mellitus without complications',
      },
    ]);
  });

  it('related through keywords; none when nothing matches', () => {
    const related = matchReasons(study('NCT00000002', { conditions: ['Cardiovascular Risk'], keywords: ['hypertension'] }), plan.diagnoses);
    expect(related).toEqual([expect.objectContaining({ diagnosisCode: 'I10', strength: 'related', studyCondition: 'hypertension' })]);
    expect(matchReasons(study('NCT00000003', { conditions: ['Asthma'] }), plan.diagnoses)).toEqual([]);
    // Same words, another disease.
    expect(matchReasons(study('NCT00000004', { conditions: ['Ocular Hypertension', 'Glaucoma'] }), plan.diagnoses)).toEqual([]);
    expect(matchReasons(study('NCT00000005', { conditions: ['Pulmonary Arterial Hypertension'] }), plan.diagnoses)).toEqual([]);
    // Words gathered across several keywords are no match.
    expect(
      matchReasons(study('NCT00000006', { conditions: ['Retinopathy'], keywords: ['Type 1', '2 weeks', 'Diabetes'] }), plan.diagnoses),
    ).toEqual([]);
  });
});

describe('rankTrials', () => {
  const plan = planSearches([{ code: 'E119', display: null, sources: ['claim'] }], icd);
  const context: MatchContext = {
    diagnoses: plan.diagnoses,
    member: { birthdate: '1970-06-15', sex: 'female' },
    home: BETHESDA,
    radiusMiles: 100,
    today: '2025-11-26',
  };

  it('puts recruiting first whatever the distance, de-duplicates, and drops studies that fail our own checks', () => {
    const trials = rankTrials(
      [
        study('NCT00000010', { status: 'COMPLETED', at: [BETHESDA] }),
        study('NCT00000011', { status: 'RECRUITING', at: [BALTIMORE] }),
        study('NCT00000011', { status: 'RECRUITING', at: [BALTIMORE] }),
        study('NCT00000012', { status: 'NOT_YET_RECRUITING', at: [BETHESDA] }),
        study('NCT00000013', { at: [SEATTLE] }),
        study('NCT00000014', { maximumAge: '50 Years' }),
        study('NCT00000015', { sex: 'MALE' }),
        study('NCT00000016', { conditions: ['Asthma'] }),
        study('NCT00000017', { at: [SEATTLE, BALTIMORE] }),
      ],
      context,
    );
    expect(trials.map((t) => [t.nctId, t.overallStatus])).toEqual([
      ['NCT00000011', 'RECRUITING'],
      ['NCT00000017', 'RECRUITING'],
      ['NCT00000012', 'NOT_YET_RECRUITING'],
      ['NCT00000010', 'COMPLETED'],
    ]);
    const first = trials[0]!;
    expect(first.distanceMiles).toBeGreaterThan(30);
    expect(first.distanceMiles).toBeLessThan(40);
    expect(first.nearestSite).toEqual({ facility: 'Site 0', city: 'Baltimore', state: 'Maryland', zip: null });
    expect(first.matchReasons[0]!.text).toBe('your diagnosis E11.9, type 2 diabetes mellitus without complications');
    expect(first.checkedEligibility.map((c) => c.criterion)).toEqual(['age', 'sex', 'healthyVolunteers']);
  });

  it('scores condition match, then status, then distance', () => {
    const exact = [{ diagnosisCode: 'E11.9', diagnosisName: '', studyCondition: '', strength: 'exact' as const, text: '' }];
    const related = [{ ...exact[0]!, strength: 'related' as const }];
    expect(scoreOf(exact, 'RECRUITING', 10, 100)).toBeGreaterThan(scoreOf(related, 'RECRUITING', 10, 100));
    expect(scoreOf(exact, 'RECRUITING', 90, 100)).toBeGreaterThan(scoreOf(exact, 'COMPLETED', 0, 100));
    expect(scoreOf(exact, 'COMPLETED', 10, 100)).toBeGreaterThan(scoreOf(exact, 'COMPLETED', 90, 100));
    const base = rankTrials([study('NCT00000020', { at: [BETHESDA] })], context)[0]!;
    const far = { ...base, nctId: 'NCT00000021', score: base.score - 10, distanceMiles: 80 };
    expect([far, base].sort(compareTrials).map((t) => t.nctId)).toEqual(['NCT00000020', 'NCT00000021']);
  });

  it('compares words as the registry search does', () => {
    expect(words("Alzheimer's Diseases, Type II")).toEqual(['alzheimer', 'disease', 'type', '2']);
  });
});
