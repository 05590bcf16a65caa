import { AI_LIMITS, AiTexts } from '@healthlink/contracts';
import {
  clip,
  defineDiagnosis,
  defineDrug,
  defineProcedure,
  medicalTips,
  procedureInsights,
  recommendedTests,
  sentencesOf,
  shortTerm,
  symptomMonitoring,
} from './offline-knowledge';
import { AiReferenceData } from './reference/ai-reference-data';

const ref = new AiReferenceData().reference;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentenceCount = (text: string) => sentencesOf(text).length;

describe('offline definitions', () => {
  it('defines an ICD-10-CM code: plain words first (MedlinePlus title), then the official name, at most 2 sentences', () => {
    const d = defineDiagnosis(ref, 'E11.9');
    expect(d).toMatchObject({ known: true, term: 'Diabetes Type 2', officialName: 'Type 2 diabetes mellitus without complications' });
    expect(d.explanation).toMatch(/^ICD-10-CM E11\.9: Type 2 diabetes mellitus without complications\. /);
    expect(sentenceCount(d.explanation)).toBeLessThanOrEqual(AI_LIMITS.definitionSentences);
    expect(d.sourceKeys).toEqual(['icd10cm', 'medlineplus']);
    expect(defineDiagnosis(ref, 'i10')).toMatchObject({
      known: true,
      term: 'High Blood Pressure',
      officialName: 'Essential (primary) hypertension',
    });
  });

  it('names 7-character codes exactly and keeps every term within 5 words', () => {
    const d = defineDiagnosis(ref, 'S72.001A');
    expect(d.known).toBe(true);
    expect(d.officialName).toMatch(/initial encounter/);
    for (const code of ['S72.001A', 'M17.0', 'N18.3', 'H40.1110', 'C50.911', 'Z00.00', 'J44.9']) {
      const def = defineDiagnosis(ref, code);
      expect({ code, known: def.known }).toEqual({ code, known: true });
      expect(wordCount(def.term)).toBeLessThanOrEqual(AI_LIMITS.definitionWords);
      expect(sentenceCount(def.explanation)).toBeLessThanOrEqual(AI_LIMITS.definitionSentences);
    }
  });

  it('says so for an unknown code and invents nothing', () => {
    for (const d of [defineDiagnosis(ref, 'Q99.999'), defineProcedure(ref, '99213'), defineDrug('12345678901', null)]) {
      expect(d).toMatchObject({ known: false, officialName: null, sourceKeys: [] });
      expect(d.explanation).toBe(AiTexts.unknownCode(d.explanation.match(/code (\S+) in/)![1]!));
    }
    expect(defineDiagnosis(ref, 'Q99.999').explanation).toBe(AiTexts.unknownCode('Q99.999'));
  });

  it('defines a HCPCS Level II code by its CMS names', () => {
    const d = defineProcedure(ref, 'G0439');
    expect(d.known).toBe(true);
    expect(d.officialName).toMatch(/annual wellness visit/i);
    expect(d.explanation).toMatch(/^HCPCS G0439: /);
    expect(wordCount(d.term)).toBeLessThanOrEqual(5);
  });

  it('defines a drug by its ingredients and RxNorm name, not the NDC', () => {
    const d = defineDrug('00071015523', {
      ndc11: '00071015523',
      rxcui: '617312',
      name: 'atorvastatin 10 MG Oral Tablet [Lipitor]',
      ingredients: ['atorvastatin'],
    });
    expect(d).toMatchObject({ known: true, term: 'Atorvastatin', sourceKeys: ['rxnorm'] });
    expect(d.explanation).toBe('RxNorm 617312: atorvastatin 10 MG Oral Tablet [Lipitor]. Active ingredient: atorvastatin.');
  });

  it('shortens long names without a dangling word', () => {
    expect(shortTerm('Type 2 diabetes mellitus without complications')).toBe('Type 2 diabetes mellitus');
    expect(shortTerm('Essential (primary) hypertension')).toBe('Essential hypertension');
    expect(clip('a '.repeat(300), 20).length).toBeLessThanOrEqual(21);
  });
});

describe('offline suggestion cards and tips', () => {
  it('recommends USPSTF A and B screenings by age and sex only, grade A first, at most 5', () => {
    const woman = recommendedTests(ref, { ageYears: 70, sex: 'female' });
    expect(woman.map((t) => t.title)).toEqual([
      'Colorectal Cancer: Screening',
      'Hypertension in Adults: Screening',
      'Breast Cancer: Screening',
      'Depression and Suicide Risk in Adults: Screening',
      'Hepatitis C Virus Infection in Adolescents and Adults: Screening',
    ]);
    expect(woman[0]!.details).toMatch(
      /^The USPSTF recommends screening for colorectal cancer in all adults aged 50 to 75 years\. \(USPSTF grade A, May 2021\.\)$/,
    );
    const man = recommendedTests(ref, { ageYears: 80, sex: 'male' });
    expect(man.map((t) => t.title)).not.toContain('Breast Cancer: Screening');
    expect(man.map((t) => t.title)).not.toContain('Colorectal Cancer: Screening');
    // A group the record cannot tell (smokers, people at increased risk) is never assumed.
    expect(man.map((t) => t.title)).not.toContain('Abdominal Aortic Aneurysm: Screening');
    expect(recommendedTests(ref, { ageYears: null, sex: 'female' })).toEqual([]);
  });

  it('watches symptoms per MedlinePlus topic of the diagnoses, one card a topic', () => {
    const cards = symptomMonitoring(ref, [
      { code: 'E11.9', officialName: null },
      { code: 'E11.65', officialName: null },
      { code: 'I10', officialName: null },
      { code: 'ZZZ', officialName: null },
    ]);
    expect(cards.map((c) => c.title)).toEqual(['Diabetes Type 2 (E11.9)', 'High Blood Pressure (I10)']);
    expect(cards[0]!.details.length).toBeGreaterThan(20);
  });

  it("restates the member's procedures, most frequent first, at most 6", () => {
    const cards = procedureInsights(
      ref,
      Array.from({ length: 8 }, (_, i) => ({ code: i === 0 ? 'G0439' : `9921${i}`, officialName: null, count: i + 1, lastYear: 2024 })),
    );
    expect(cards).toHaveLength(AI_LIMITS.procedures);
    expect(cards[0]).toEqual({ title: 'Procedure code 99217', details: 'Your claims list this code 8 times, most recently in 2024.' });
    const wellness = procedureInsights(ref, [{ code: 'G0439', officialName: null, count: 1, lastYear: null }])[0]!;
    expect(wellness.details).toMatch(/^HCPCS: .*wellness.*\. Your claims list this code once\.$/i);
  });

  it('writes medical tips from MedlinePlus, or says there is nothing yet', () => {
    const tips = medicalTips(ref, [{ code: 'I10', officialName: null }]);
    expect(tips.tips.map((t) => t.title)).toEqual(['High Blood Pressure']);
    expect(tips.intro).toMatch(/MedlinePlus/);
    expect(medicalTips(ref, []).tips).toEqual([]);
    expect(medicalTips(ref, []).intro).toMatch(/no diagnosis codes/);
  });
});
