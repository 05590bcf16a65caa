import {
  DETAIL_PARAMS,
  detailOf,
  joinCommaList,
  MAX_DETAIL_URL_LENGTH,
  normalizeNctId,
  readTrialDetail,
  splitCommaList,
  TRUNCATION_MARK,
  trialDetailHref,
} from '../lib/trial-detail-link';
import { recruitingFirst, statusWords } from '../lib/trial-status';
import { formatMiles, formatStudyDate, phaseWords } from '../lib/trial-words';
import { buildTrial, buildTrials } from './fake-clinical-trials-api';

const paramsOf = (href: string) => new URL(href, 'http://localhost').searchParams;

describe('comma lists (part 2 §2: phases, conditions, stdAges)', () => {
  it('reads a plain list as the spec writes it', () => {
    expect(splitCommaList('PHASE1,PHASE2')).toEqual(['PHASE1', 'PHASE2']);
    expect(splitCommaList(' Asthma , ,COPD ')).toEqual(['Asthma', 'COPD']);
    expect(splitCommaList(null)).toEqual([]);
  });

  it('keeps an item with its own comma whole, and back again', () => {
    const items = ['Diabetes Mellitus, Type 2', 'Back\\slash', 'Hypertension'];
    expect(joinCommaList(items)).toBe('Diabetes Mellitus\\, Type 2,Back\\\\slash,Hypertension');
    expect(splitCommaList(joinCommaList(items))).toEqual(items);
  });
});

describe('the detail link', () => {
  it('carries every field unchanged when it fits', () => {
    const trial = buildTrial({ conditions: ['Diabetes Mellitus, Type 2'], healthyVolunteers: true });
    const href = trialDetailHref(detailOf(trial));
    expect(href.length).toBeLessThanOrEqual(MAX_DETAIL_URL_LENGTH);
    const detail = readTrialDetail(paramsOf(href));
    for (const name of DETAIL_PARAMS) expect(detail[name]).toEqual(trial[name]);
  });

  it('leaves out what the trial does not have', () => {
    const href = trialDetailHref(detailOf(buildTrial({ detailedDescription: null, phases: [], healthyVolunteers: null })));
    const params = paramsOf(href);
    expect(params.has('detailedDescription')).toBe(false);
    expect(params.has('phases')).toBe(false);
    expect(params.has('healthyVolunteers')).toBe(false);
  });

  it('shortens the longest texts, marked, so the URL stays within the limit, even with text beyond ASCII', () => {
    const trial = buildTrial({
      detailedDescription: 'Étude sur le diabète — '.repeat(900),
      eligibilityCriteria: '* Adults with type 2 diabetes\n'.repeat(400),
      briefSummary: 'A short summary.',
    });
    const href = trialDetailHref(detailOf(trial));
    expect(href.length).toBeLessThanOrEqual(MAX_DETAIL_URL_LENGTH);
    const detail = readTrialDetail(paramsOf(href));
    expect(detail.detailedDescription?.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(trial.detailedDescription?.startsWith(detail.detailedDescription?.slice(0, 100) ?? '-')).toBe(true);
    expect(detail.eligibilityCriteria?.endsWith(TRUNCATION_MARK)).toBe(true);
    // The short ones are untouched.
    expect(detail.briefSummary).toBe('A short summary.');
    expect(detail.nctId).toBe(trial.nctId);
    expect(detail.conditions).toEqual(trial.conditions);
  });
});

describe('identifiers', () => {
  it.each([
    ['NCT05123456', 'NCT05123456'],
    [' nct05123456 ', 'NCT05123456'],
    ['NCT0512345', null],
    ['NCT051234567', null],
    ['05123456', null],
    ['NCT0512345a', null],
    ['', null],
    [null, null],
  ])('%p -> %p', (value, expected) => {
    expect(normalizeNctId(value)).toBe(expected);
  });
});

describe('words', () => {
  it('title-cases statuses with spaces', () => {
    expect(statusWords('ACTIVE_NOT_RECRUITING')).toBe('Active Not Recruiting');
    expect(statusWords('recruiting')).toBe('Recruiting');
    expect(statusWords(null)).toBe('Status not given');
  });

  it('puts the joinable trials first, each group in the order it came', () => {
    const trials = buildTrials(6, ['COMPLETED', 'RECRUITING', 'NOT_YET_RECRUITING']);
    expect(recruitingFirst(trials).map((trial) => trial.briefTitle)).toEqual([
      'Trial 02',
      'Trial 03',
      'Trial 05',
      'Trial 06',
      'Trial 01',
      'Trial 04',
    ]);
  });

  it('writes study dates, phases and miles in words', () => {
    expect(formatStudyDate('2023-06')).toBe('June 2023');
    expect(formatStudyDate('2023-06-01')).toBe('Jun 1, 2023');
    expect(formatStudyDate('2023-13')).toBe('2023-13');
    expect(formatStudyDate(null)).toBe('Not given');
    expect(phaseWords('EARLY_PHASE1')).toBe('Early Phase 1');
    expect(phaseWords('NA')).toBe('Not applicable');
    expect(formatMiles(0.4)).toBe('Under 1 mile');
    expect(formatMiles(1.2)).toBe('1 mile');
    expect(formatMiles(1234.5)).toBe('1,235 miles');
  });
});
