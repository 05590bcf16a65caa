import { AiTexts } from '@healthlink/contracts';
import { DEFAULT_INSTRUCTIONS } from '../lib/ai-test-texts';
import {
  buildInput,
  parseCodeList,
  parseDrugLines,
  presetFor,
  requiredFieldsOf,
  testerProblem,
  type TesterValues,
} from '../lib/prompt-tester';
import { emptyVisit, visitLine, visitOf } from '../lib/visits';

const values = (overrides: Partial<TesterValues> = {}): TesterValues => ({
  itemKey: 'symptomMonitoring',
  instructions: 'List symptoms.',
  include: { drugs: false, diagnoses: false, procedures: false, visits: false },
  drugs: '',
  diagnoses: '',
  procedures: '',
  ...overrides,
});

describe('parseDrugLines (part 2 §5)', () => {
  it('keeps "YYYY-MM-DD - NDC" lines (10 or 11 digits) and drops the others, counting them', () => {
    const text = [
      '2024-03-05 - 00093721401',
      '  2023-11-20 - 0009372140  ',
      '',
      '2024-3-5 - 00093721401',
      '2024-03-05 00093721401',
      '2024-03-05 - 0009-3721-401',
      'metformin',
      '2024-03-05 - 000937214011',
    ].join('\n');
    expect(parseDrugLines(text)).toEqual({
      drugs: [
        { date: '2024-03-05', ndc: '00093721401' },
        { date: '2023-11-20', ndc: '0009372140' },
      ],
      dropped: 5,
    });
  });

  it('reads Windows line ends and an empty text', () => {
    expect(parseDrugLines('2024-03-05 - 00093721401\r\n2024-03-06 - 00093721402').drugs).toHaveLength(2);
    expect(parseDrugLines('')).toEqual({ drugs: [], dropped: 0 });
  });
});

describe('parseCodeList', () => {
  it('splits on commas, trims, drops blanks and repeats', () => {
    expect(parseCodeList(' E11.9, I10,,E11.9 , ')).toEqual(['E11.9', 'I10']);
    expect(parseCodeList('')).toEqual([]);
  });
});

describe('testerProblem', () => {
  it('asks for instructions first, then for at least one ticked field', () => {
    expect(testerProblem(values({ instructions: '   ' }))).toEqual({ field: 'instructions', message: AiTexts.instructionsRequired });
    expect(testerProblem(values())).toEqual({ field: 'include', message: 'Please select at least one field to include in the request.' });
    for (const field of ['drugs', 'diagnoses', 'procedures', 'visits'] as const) {
      expect(
        testerProblem(values({ include: { drugs: false, diagnoses: false, procedures: false, visits: false, [field]: true } })),
      ).toBeNull();
    }
  });
});

describe('buildInput and requiredFieldsOf', () => {
  it('writes only the ticked lists, dropping bad drug lines', () => {
    const input = buildInput(
      values({
        include: { drugs: true, diagnoses: true, procedures: false, visits: true },
        drugs: '2024-03-05 - 00093721401\nnot a drug line',
        diagnoses: 'E11.9, I10',
        procedures: '99213',
      }),
      [{ ...emptyVisit('v1'), date: '2025-02-10', provider: 'Dr. Lee', diagnosisCode: 'E11.9', insurerPaid: '120.00' }],
    );
    expect(input).toBe(
      [
        'Diagnoses: E11.9, I10',
        '',
        'Medications (prescribed date - NDC):\n2024-03-05 - 00093721401',
        '',
        'Visits:\n- 2025-02-10; provider: Dr. Lee; diagnoses: E11.9; insurer paid: 120.00',
      ].join('\n'),
    );
    expect(input).not.toContain('99213');
    expect(input).not.toContain('not a drug line');
  });

  it('names the ticked data lists as required (visits have none)', () => {
    expect(requiredFieldsOf({ drugs: true, diagnoses: false, procedures: true, visits: true })).toEqual(['drugList', 'procedureCodes']);
    expect(requiredFieldsOf({ drugs: false, diagnoses: false, procedures: false, visits: true })).toEqual([]);
  });
});

describe('presetFor (/open-ai/{query})', () => {
  it("fills a card's instructions and ticks its data lists", () => {
    expect(presetFor('procedures')).toMatchObject({
      itemKey: 'procedures',
      instructions: DEFAULT_INSTRUCTIONS.procedures,
      include: { drugs: false, diagnoses: false, procedures: true, visits: false },
    });
    expect(presetFor('symptomMonitoring').include.diagnoses).toBe(true);
    expect(DEFAULT_INSTRUCTIONS.symptomMonitoring).toContain('up to 5 symptoms');
    expect(DEFAULT_INSTRUCTIONS.recommendedTests).toContain('up to 5 tests');
    expect(DEFAULT_INSTRUCTIONS.procedures).toContain('up to 6 insights');
  });

  it.each([undefined, 'what-is-a-copay', 'SymptomMonitoring', 'constructor'])('starts empty for %s', (query) => {
    expect(presetFor(query)).toMatchObject({
      itemKey: 'symptomMonitoring',
      instructions: '',
      include: { drugs: false, diagnoses: false, procedures: false, visits: false },
    });
  });
});

describe('visits', () => {
  it('makes a claim a visit row: codes joined, the payment as insurer paid, patient paid and total left to fill', () => {
    const row = visitOf({
      id: 'c1',
      date: '2025-02-10',
      type: 'professional',
      status: 'active',
      outcome: 'complete',
      payment_amount: '120.50',
      rendering_provider: 'Dr. Lee',
      insurer: 'humana',
      diagnoses: [
        { id: 'd1', diagnosis_code: 'E11.9', diagnosis_display: null },
        { id: 'd2', diagnosis_code: 'I10', diagnosis_display: null },
      ],
      procedures: [{ id: 'p1', procedure_code: '99213', procedure_date: null, procedure_display: null }],
    });
    expect(row).toEqual({
      id: 'c1',
      date: '2025-02-10',
      provider: 'Dr. Lee',
      procedureCode: '99213',
      diagnosisCode: 'E11.9, I10',
      insurerPaid: '120.50',
      patientPaid: '',
      totalPay: '',
    });
    expect(visitLine(emptyVisit('x'))).toBe('- date not given');
  });
});
