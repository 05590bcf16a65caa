import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  medicationTarget,
  medicationsById,
  prescriptionFromMedicationDispense,
  prescriptionFromMedicationRequest,
  prescriptionsFromEob,
  storedNdc,
  unresolvedMedicationIds,
  type FhirInput,
  type PrescriptionRow,
} from './fhir-projections';

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const NDC = 'http://hl7.org/fhir/sid/ndc';

/** test/fixtures/fhir-payer/medications.json.gz: every medication-bearing resource of the payer samples, by file. */
const groups: { source: string; resources: FhirInput[] }[] = JSON.parse(
  gunzipSync(readFileSync(join(__dirname, '../../../test/fixtures/fhir-payer/medications.json.gz'))).toString('utf8'),
);

/** The rows one file's resources project to, as ingest makes them: Medications of the same file resolve references. */
function projectFile(resources: FhirInput[]): { resource: FhirInput; rows: PrescriptionRow[] }[] {
  const medications = medicationsById(resources);
  return resources.flatMap((resource) => {
    if (resource.resourceType === 'MedicationRequest')
      return [{ resource, rows: [prescriptionFromMedicationRequest(resource, medications)!] }];
    if (resource.resourceType === 'MedicationDispense')
      return [{ resource, rows: [prescriptionFromMedicationDispense(resource, medications)!] }];
    if (resource.resourceType === 'ExplanationOfBenefit') return [{ resource, rows: prescriptionsFromEob(resource) }];
    return [];
  });
}

/** [file, MedicationRequests, MedicationDispenses, pharmacy claims, fills of those claims] */
const FILES: [string, number, number, number, number][] = [
  ['bluebutton_bb2/eob_search_pt_v2.json', 0, 0, 10, 10],
  ['bluebutton_bbuser29999/eob_bundle_bbuser29999.json', 0, 0, 10, 10],
  ['carin_bb_ig_examples/connectathon_2020/Aetna_-_Connectathon_25_-_EOB_Example.json', 0, 0, 1, 0],
  ['carin_bb_ig_examples/connectathon_2020/connDmdEOBPharmacy1.json', 0, 0, 1, 1],
  ['carin_bb_ig_examples/connectathon_2020/connDmdEOBPharmacy2.json', 0, 0, 1, 1],
  ['inferno_reference/carin_bundle_patient_888.json', 0, 0, 1, 1],
  ['inferno_reference/pdex_bundle_patient_999.json', 1, 1, 0, 0],
  ['inferno_reference/uscore_bundle_patient_355.json', 20, 0, 0, 0],
  ['inferno_reference/uscore_bundle_patient_85.json', 13, 2, 0, 0],
  ['synthea_full_ma/Alvin56_Jerde200_53917de0-aa0c-0700-105a-4f7f893c62f6.json', 38, 0, 38, 38],
  ['synthea_full_ma/Ardath226_Maude482_Feeney44_611bb297-2f51-beea-a7ec-4df0b59cb135.json', 23, 0, 23, 23],
  ['synthea_full_ma/Breana975_Harvey63_47e5d1f6-a017-1481-f0a2-49ef0edb3b72.json', 15, 0, 15, 15],
  ['synthea_full_ma/Daniel959_Villasenor332_2286ee8d-2dc3-2284-6b5b-1b7756957399.json', 27, 0, 27, 27],
  ['synthea_full_ma/Ellsworth48_Kihn564_7686735f-54d7-fca9-2006-83d78cefb707.json', 16, 0, 16, 16],
  ['synthea_full_ma/Juana825_Pagan507_f467cc2f-3697-4476-b0b9-868e9737fa62.json', 17, 0, 17, 17],
  ['synthea_full_ma/Rich940_Schumm995_228c326a-93f1-aa20-f74b-2bfa5cae20e8.json', 8, 0, 8, 8],
  ['synthea_full_ma/Rosa195_Kerluke267_5eb10682-8a75-58cf-2b96-f5a41e8dc0d5.json', 21, 0, 21, 21],
  ['synthea_full_ma/Rosie394_Tiny880_Gutmann970_0815aec4-d24d-d388-63bd-eada54ce5ff9.json', 5, 0, 5, 5],
  ['synthea_full_ma/Tiffaney302_Shavonne800_Vandervort697_c5f18e73-dadb-88c1-0dd7-4cdeae36886e.json', 71, 0, 71, 71],
  ['synthea_hiv_apache/Carolyne559_Koelpin146_0724714f-947b-6cab-ee85-b0de7a9ad3f7.json', 3, 0, 0, 0],
  ['synthea_hiv_apache/Georgianne697_Jerde200_ebf0d007-a52f-5364-5c32-2ba094b88f16.json', 3, 0, 0, 0],
  ['synthea_hiv_apache/Isaura563_Turner526_a4abb8bd-c78c-e552-3037-471a46cac3c7.json', 3, 0, 0, 0],
  ['synthea_hiv_apache/Lanell756_Goodwin327_988f3282-6014-affe-fb17-b051fe0380ee.json', 4, 0, 0, 0],
  ['synthea_hiv_apache/Lawrence741_Hammes673_6d44fe03-2478-a82d-7495-3a7c433ed921.json', 7, 0, 0, 0],
];

/**
 * The samples' own gaps, each read off the resource: the projection may not invent what the payer did not send.
 * Everything else has a name and at least one code.
 */
const NO_NAME: Record<string, string> = {
  // Blue Button PDEs that give an NDC with no display; RxNorm's name is added from the NDC where the reference
  // tables know it (at write), and these four NDCs are in neither table.
  'ExplanationOfBenefit/pde--930361669/1': 'NDC 00603373932, no display',
  'ExplanationOfBenefit/pde-930361669/1': 'NDC 00603373932, no display',
  'ExplanationOfBenefit/pde--1248370396/1': 'NDC 16252060144, no display',
  'ExplanationOfBenefit/pde--1597912769/1': 'NDC 59762154003, no display',
};
const NO_CODE: Record<string, string> = {
  // Pre-STU1 CARIN examples: six digits in an NDC coding are no NDC (and reading them as RxCUIs would be a guess).
  'ExplanationOfBenefit/ec019c07-b18a-4f46-885e-6b012c1f264c/1': '"748856" coded as an NDC',
  'ExplanationOfBenefit/319231f2-1d78-4ee3-9ef1-c06563610561/1': '"834061" coded as an NDC',
};

describe('every medication resource of the payer samples', () => {
  it('the fixture holds every file the table names, and no other', () => {
    expect(groups.map((g) => g.source).sort()).toEqual(FILES.map(([file]) => file).sort());
  });

  it.each(FILES)(
    '%s: %i requests, %i dispenses, %i pharmacy claims with %i fills, each with a name and a code',
    (file, mr, md, eobs, fills) => {
      const projected = projectFile(groups.find((g) => g.source === file)!.resources);
      const ofType = (type: string) => projected.filter((p) => p.resource.resourceType === type);
      expect([ofType('MedicationRequest').length, ofType('MedicationDispense').length, ofType('ExplanationOfBenefit').length]).toEqual([
        mr,
        md,
        eobs,
      ]);
      const rows = projected.flatMap((p) => p.rows);
      expect(rows.filter((row) => row.sourceKind === 'claim')).toHaveLength(fills);
      for (const row of rows) {
        expect([row.sourceId, !!row.drugName]).toEqual([row.sourceId, !(row.sourceId in NO_NAME)]);
        expect([row.sourceId, !!(row.drugNdc || row.rxcui)]).toEqual([row.sourceId, !(row.sourceId in NO_CODE)]);
        if (row.drugNdc) expect(row.drugNdc).toMatch(/^\d{10,11}$/);
        if (row.rxcui) expect(row.rxcui).toMatch(/^\d+$/);
      }
    },
  );

  it('every listed gap occurs in the samples (the lists cannot go stale)', () => {
    const ids = new Set(groups.flatMap((g) => projectFile(g.resources).flatMap((p) => p.rows.map((row) => row.sourceId))));
    for (const id of [...Object.keys(NO_NAME), ...Object.keys(NO_CODE)]) expect([id, ids.has(id)]).toEqual([id, true]);
  });

  it('reads a Synthea MedicationRequest and its pharmacy claim as the same RxNorm drug', () => {
    const projected = projectFile(groups.find((g) => g.source.startsWith('synthea_full_ma/Rich940'))!.resources).flatMap((p) => p.rows);
    const request = projected.find((row) => row.sourceKind === 'medication_request' && row.rxcui === '313782')!;
    const fill = projected.find((row) => row.sourceKind === 'claim' && row.rxcui === '313782')!;
    expect(request).toMatchObject({ drugName: 'Acetaminophen 325 MG Oral Tablet', drugNdc: null, datePrescribed: '2017-05-14' });
    expect(fill).toMatchObject({ drugName: 'Acetaminophen 325 MG Oral Tablet', drugNdc: null, datePrescribed: '2017-05-14' });
  });

  it('reads quantity and days supply of pharmacy claims (C4BB dayssupply, and the early examples that name it in text)', () => {
    const all = groups.flatMap((g) => projectFile(g.resources).flatMap((p) => p.rows));
    const byId = (id: string) => all.find((row) => row.sourceId === id);
    expect(byId('ExplanationOfBenefit/pde-930361669/1')).toMatchObject({ quantity: 90, daysSupply: 90, drugNdc: '00603373932' });
    expect(byId('ExplanationOfBenefit/ec019c07-b18a-4f46-885e-6b012c1f264c/1')).toMatchObject({ daysSupply: 14, drugName: '748856' });
    // CARIN's 4-4-2 NDC 0777-3105-02 is stored in 11 digits (the dashes say where the zero goes).
    expect(byId('ExplanationOfBenefit/c4bb-EOBPharmacy/1')).toMatchObject({ drugNdc: '00777310502', quantity: 2, daysSupply: 30 });
  });
});

describe('PDex and US Core medication resources', () => {
  const pdex = groups.find((g) => g.source === 'inferno_reference/pdex_bundle_patient_999.json')!.resources;
  const request = pdex.find((r) => r.resourceType === 'MedicationRequest')!;
  const dispense = pdex.find((r) => r.resourceType === 'MedicationDispense')!;
  const medication = pdex.find((r) => r.resourceType === 'Medication')!;

  it('resolves a MedicationRequest that names its drug by reference to a Medication included in the page', () => {
    expect(request.medicationReference).toEqual({ reference: 'Medication/pdex-Medication' });
    expect(prescriptionFromMedicationRequest(request, medicationsById(pdex))).toEqual({
      sourceId: 'MedicationRequest/pdex-MedicationRequest',
      sourceKind: 'medication_request',
      drugName: 'Humulin R 100 UNT/ML Injectable Solution',
      drugNdc: null,
      rxcui: '311036',
      datePrescribed: '2025-01-17',
      provider: null,
      patientPaid: null,
      insurerPaid: null,
      totalPrice: null,
      quantity: null,
      daysSupply: null,
    });
  });

  it('resolves a contained Medication (#id)', () => {
    const contained = { ...request, contained: [{ ...medication, id: 'm1' }], medicationReference: { reference: '#m1' } };
    expect(prescriptionFromMedicationRequest(contained)).toMatchObject({
      rxcui: '311036',
      drugName: 'Humulin R 100 UNT/ML Injectable Solution',
    });
  });

  it('asks for the Medication by id when the page does not carry it, and names nothing it cannot resolve', () => {
    expect(unresolvedMedicationIds([request])).toEqual(['pdex-Medication']);
    expect(unresolvedMedicationIds([request, medication])).toEqual([]);
    expect(prescriptionFromMedicationRequest(request)).toMatchObject({ drugName: null, drugNdc: null, rxcui: null });
    // A failed read leaves the reference's display as the name.
    const displayed = { ...request, medicationReference: { reference: 'Medication/pdex-Medication', display: 'Humulin R' } };
    expect(prescriptionFromMedicationRequest(displayed)).toMatchObject({ drugName: 'Humulin R', rxcui: null });
  });

  it('reads a MedicationDispense: NDC in 11 digits, quantity, the day handed over', () => {
    expect(prescriptionFromMedicationDispense(dispense)).toEqual({
      sourceId: 'MedicationDispense/pdex-MedicationDispense',
      sourceKind: 'medication_dispense',
      drugName: 'Humulin R 100 UNT/ML Injectable Solution',
      drugNdc: '00002821501',
      rxcui: null,
      datePrescribed: '2025-01-17',
      provider: null,
      patientPaid: null,
      insurerPaid: null,
      totalPrice: null,
      quantity: 150,
      daysSupply: null,
    });
  });

  it('resolves the urn:uuid references of US Core bundles, and keeps both codes where a concept gives both', () => {
    const uscore = groups.find((g) => g.source === 'inferno_reference/uscore_bundle_patient_85.json')!.resources;
    const rows = projectFile(uscore).flatMap((p) => p.rows);
    expect(rows.find((row) => row.sourceKind === 'medication_dispense' && row.rxcui === '1719286')).toMatchObject({
      drugName: '10 ML Furosemide 10 MG/ML Injection',
    });
    const both = prescriptionFromMedicationDispense({
      resourceType: 'MedicationDispense',
      id: 'd1',
      status: 'completed',
      medicationCodeableConcept: {
        coding: [
          { system: NDC, code: '00093-7214-01', display: 'package' },
          { system: RXNORM, code: '860975', display: 'metformin 500 MG Oral Tablet' },
        ],
      },
      quantity: { value: 60 },
      daysSupply: { value: 30, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' },
      whenHandedOver: '2025-02-01T10:00:00Z',
    });
    expect(both).toMatchObject({
      drugNdc: '00093721401',
      rxcui: '860975',
      drugName: 'metformin 500 MG Oral Tablet',
      quantity: 60,
      daysSupply: 30,
    });
  });

  it('leaves out requests and dispenses entered in error, and reads a request’s prescribed quantity and supply', () => {
    expect(prescriptionFromMedicationRequest({ ...request, status: 'entered-in-error' }, medicationsById(pdex))).toBeNull();
    expect(prescriptionFromMedicationDispense({ ...dispense, status: 'entered-in-error' })).toBeNull();
    const prescribed = {
      ...request,
      dispenseRequest: { quantity: { value: 90 }, expectedSupplyDuration: { value: 90, unit: 'days', code: 'd' } },
    };
    expect(prescriptionFromMedicationRequest(prescribed, medicationsById(pdex))).toMatchObject({ quantity: 90, daysSupply: 90 });
    const weeks = { ...request, dispenseRequest: { expectedSupplyDuration: { value: 4, unit: 'weeks', code: 'wk' } } };
    expect(prescriptionFromMedicationRequest(weeks, medicationsById(pdex))).toMatchObject({ daysSupply: null });
  });
});

describe('codes', () => {
  it.each([
    ['0002-8215-01', '00002821501'],
    ['00093-214-01', '00093021401'],
    ['00093-2140-1', '00093214001'],
    ['00093-2140-01', '00093214001'],
    ['00093214001', '00093214001'],
    ['0009321401', '0009321401'],
    ['68071-2235', null],
    ['748856', null],
    ['0002-82A5-01', null],
    ['', null],
  ])('stores NDC %p as %p', (input, expected) => {
    expect(storedNdc(input)).toBe(expected);
  });

  it.each([
    ['#med1', { contained: 'med1' }],
    ['Medication/abc-1', { id: 'abc-1' }],
    ['https://fhir.example.com/r4/Medication/abc-1/_history/2', { id: 'abc-1' }],
    ['urn:uuid:58f7a300-f288-6094-a82f-e1e64086902b', { id: '58f7a300-f288-6094-a82f-e1e64086902b' }],
    ['Patient/1', null],
    ['#', null],
  ])('reads the Medication reference %p', (reference, expected) => {
    expect(medicationTarget({ reference })).toEqual(expected);
  });
});
