import { aiCallCost, AI_MODEL_PRICES } from '@healthlink/contracts';
import { diagnosisCodesIn, isDiagnosisCode, isNdc11, isProcedureCode, ndcsIn, procedureCodesIn } from './code-patterns';
import {
  ageInYears,
  describeFacts,
  externalFacts,
  REMOVED,
  scrubStaffText,
  suggestionMessages,
  tipsMessages,
  topCodedAge,
  type MemberFacts,
} from './member-facts';
import { parseJson } from './providers/openai.provider';
import { chatCompletionsUrl } from './providers/openai.provider';

describe('scrubStaffText (the prompt tester text that leaves for an external provider)', () => {
  it.each([
    ['2024-03-05 - 00071015523', '2024 - 00071015523'],
    ['2024-03-05 - 0071015523', '2024 - 0071015523'],
    ['seen 2024-03-05T10:15:00Z and 03/05/2024', 'seen 2024 and 2024'],
    ['on March 5, 2024 and 5 March 2024', 'on 2024 and 2024'],
    ['on 3/5/24', `on ${REMOVED}`],
    // A month and day without a year is still a date (HIPAA Safe Harbor keeps the year only).
    ['seen 03/14 for I10', `seen ${REMOVED} for I10`],
    ['seen March 14 and Mar. 3rd', `seen ${REMOVED} and ${REMOVED}`],
    ['seen 14 March, then the 2nd of may', `seen ${REMOVED}, then the ${REMOVED}`],
    ['since March 2025', 'since 2025'],
    ['E11.9 since 2019, 12 visits', 'E11.9 since 2019, 12 visits'],
    ['Diagnoses: E11.9, I10, S72.001A; procedures: G0439, 99213', 'Diagnoses: E11.9, I10, S72.001A; procedures: G0439, 99213'],
  ])('%s -> %s', (input, expected) => {
    expect(scrubStaffText(input)).toBe(expected);
  });

  it('drops ids, contacts and addresses, keeping the codes', () => {
    const text =
      'Member ID: XJH123456789, MBI 1EG4-TE5-MK72, SSN 123-45-6789, call (206) 555-0142 or ada@example.com, ' +
      'lives at 12 Main Street, record a1b2c3d4-e5f6-4789-a012-3456789abcde, policy #ZX99881, claim 998877665544, code E11.9';
    const scrubbed = scrubStaffText(text);
    for (const secret of [
      'XJH123456789',
      '1EG4-TE5-MK72',
      '123-45-6789',
      '555-0142',
      'ada@example.com',
      'Main Street',
      'a1b2c3d4',
      'ZX99881',
      '998877665544',
    ])
      expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('E11.9');
  });
});

describe('prompts built from facts', () => {
  const facts: MemberFacts = {
    ageYears: 72,
    sex: 'female',
    diagnoses: [{ code: 'E11.9', officialName: 'Type 2 diabetes mellitus without complications' }],
    procedures: [{ code: 'G0439', officialName: 'Annual wellness visit', count: 2, lastYear: 2024 }],
    drugs: [{ ndc: '00071015523', officialName: 'atorvastatin 10 MG Oral Tablet', lastYear: 2025 }],
    otherCodes: 0,
  };

  it('carry codes, official names, whole years of age and years only', () => {
    const text = describeFacts(facts);
    expect(text).toBe(
      'Patient: 72 years old, female.\n' +
        'Diagnosis codes (ICD-10-CM): E11.9 (Type 2 diabetes mellitus without complications).\n' +
        'Procedure codes: G0439 (Annual wellness visit), 2 claims, latest in 2024.\n' +
        'Drugs (NDC): 00071015523 (atorvastatin 10 MG Oral Tablet), 2025.',
    );
    expect(JSON.stringify(suggestionMessages('symptomMonitoring', facts))).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('whole years of age', () => {
    expect(ageInYears('1953-11-26', '2026-11-26')).toBe(73);
    expect(ageInYears('1953-11-27', '2026-11-26')).toBe(72);
  });

  it('groups every age over 89 as "90 or older" (HIPAA Safe Harbor)', () => {
    const exact = ageInYears('1930-05-01', '2026-11-26');
    expect(exact).toBe(96);
    expect(topCodedAge(exact)).toBe(90);
    expect(topCodedAge(89)).toBe(89);
    // Even facts that carry an exact age over 89 go out grouped.
    const text = describeFacts({ ...facts, ageYears: exact });
    expect(text).toMatch(/^Patient: 90 or older, female\.\n/);
    expect(text).not.toContain('96');
    expect(describeFacts({ ...facts, ageYears: 89 })).toMatch(/^Patient: 89 years old, female\./);
    expect(tipsMessages({ ...facts, ageYears: 104 })[1]!.content).toMatch(/^Patient: 90 or older, female\./);
  });

  it('sends only codes of a code shape, at most 20 characters, known to the reference data; the others as a count', () => {
    const claims: MemberFacts = {
      ...facts,
      diagnoses: [...facts.diagnoses, { code: 'Q99.999', officialName: null }],
      procedures: [
        ...facts.procedures,
        { code: 'Jane Doe note', officialName: null, count: 1, lastYear: 2025 },
        // Insurer text that happens to carry a name lookup: still not a code's shape.
        { code: `G0439 ${'x'.repeat(30)}`, officialName: 'Annual wellness visit', count: 1, lastYear: 2025 },
        { code: '99213', officialName: null, count: 1, lastYear: 2024 },
      ],
      drugs: [...facts.drugs, { ndc: 'Ada Q', officialName: null, lastYear: 2025 }],
    };
    const sent = externalFacts(claims);
    expect(sent).toEqual({ ...facts, otherCodes: 5 });
    expect(externalFacts(sent)).toEqual(sent);
    const text = describeFacts(claims);
    expect(text).toBe(`${describeFacts(facts)}\n5 other codes not in the reference data.`);
    expect(text).not.toMatch(/Jane|Doe|Q99|99213|xxxx|Ada/);
    expect(describeFacts({ ...facts, otherCodes: 1 })).toMatch(/\n1 other code not in the reference data\.$/);
  });
});

describe('the code patterns (one place for the service, the offline provider and the scrubber)', () => {
  it('tests whole codes', () => {
    for (const code of ['E11.9', 'E119', 'S72.001A', 'I10']) expect({ code, ok: isDiagnosisCode(code) }).toEqual({ code, ok: true });
    for (const code of ['U07.1', 'E11.99999', 'Jane Doe', 'E11.9 ', 'e11.9'])
      expect({ code, ok: isDiagnosisCode(code) }).toEqual({ code, ok: false });
    for (const code of ['G0439', '99213', '0001F']) expect({ code, ok: isProcedureCode(code) }).toEqual({ code, ok: true });
    for (const code of ['W1234', 'G043', 'Jane Doe note']) expect({ code, ok: isProcedureCode(code) }).toEqual({ code, ok: false });
    expect(isNdc11('00071015523')).toBe(true);
    expect(isNdc11('0071-0155-23')).toBe(false);
  });

  it('finds codes in text, as often as they appear', () => {
    const text = 'E11.9 and I10, G0439 twice: G0439; NDC 00071-0155-23 or 00071015523; not 12345 or E1';
    expect(diagnosisCodesIn(text)).toEqual(['E11.9', 'I10']);
    expect(procedureCodesIn(text)).toEqual(['G0439', 'G0439']);
    expect(ndcsIn(text)).toEqual(['00071-0155-23', '00071015523']);
    // The shared scanners keep no state between calls.
    expect(diagnosisCodesIn(text)).toEqual(['E11.9', 'I10']);
  });
});

describe('the price table and the adapter helpers', () => {
  it('costs a call by the model prices (part 2 §9)', () => {
    expect(aiCallCost('gpt-4o', 1000, 500)).toBeCloseTo(1000 * 0.000005 + 500 * 0.000015, 10);
    expect(aiCallCost('gpt-3.5-turbo', 10, 10)).toBeCloseTo(10 * AI_MODEL_PRICES['gpt-3.5-turbo'].input + 10 * 0.000002, 12);
    expect(aiCallCost('o4-mini', 0, 0)).toBe(0);
  });

  it('uses the configured base exactly, with or without a trailing slash', () => {
    expect(chatCompletionsUrl('https://api.openai.com/v1').href).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:4100/ai/v1/').href).toBe('http://127.0.0.1:4100/ai/v1/chat/completions');
  });

  it('reads JSON content, also inside a code fence', () => {
    expect(parseJson('```json\n{"term":"x"}\n```')).toEqual({ term: 'x' });
    expect(parseJson('not json')).toBeNull();
  });
});
