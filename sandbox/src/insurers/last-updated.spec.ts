import type { FhirResource } from './fhir-types';
import { parseLastUpdated } from './last-updated';

const at = (lastUpdated?: string): FhirResource => ({
  resourceType: 'ExplanationOfBenefit',
  id: 'x',
  ...(lastUpdated ? { meta: { lastUpdated } } : {}),
});
const matches = (values: string[], lastUpdated?: string): boolean => {
  const filter = parseLastUpdated(values);
  if (!filter.ok) throw new Error(filter.message);
  return filter.matches(at(lastUpdated));
};

describe('_lastUpdated', () => {
  it('matches everything without a value', () => {
    expect(matches([], '2020-01-01T00:00:00Z')).toBe(true);
  });

  it.each([
    ['ge2026-04-10T12:00:00Z', '2026-04-10T12:00:00.000Z', true],
    ['ge2026-04-10T12:00:00Z', '2026-04-10T11:59:59.999Z', false],
    ['gt2026-04-10T12:00:00Z', '2026-04-10T12:00:00.000Z', false],
    ['gt2026-04-10T12:00:00Z', '2026-04-10T12:00:00.999Z', false],
    ['gt2026-04-10T12:00:00Z', '2026-04-10T12:00:01.000Z', true],
    ['gt2026-04-10T12:00:00.000Z', '2026-04-10T12:00:00.001Z', true],
    ['ge2026-04', '2026-04-01T00:00:00Z', true],
    ['ge2026-04', '2026-03-31T23:59:59Z', false],
    ['gt2026-04', '2026-04-30T23:59:59Z', false],
    ['gt2026-04', '2026-05-01T00:00:00Z', true],
    ['gt2026', '2026-12-31T23:59:59Z', false],
    ['lt2026-04-10', '2026-04-09T23:59:59Z', true],
    ['lt2026-04-10', '2026-04-10T00:00:00Z', false],
    ['le2026-04-10', '2026-04-10T23:59:59Z', true],
    ['le2026-04-10', '2026-04-11T00:00:00Z', false],
    ['ge2026-04-10T14:00:00+02:00', '2026-04-10T12:00:00Z', true],
    ['ge2026-04-10T14:00:00+02:00', '2026-04-10T11:59:00Z', false],
    ['ge2026-04-10T12:00Z', '2026-04-10T12:00:30Z', true],
  ])('%s against %s: %s', (value, lastUpdated, expected) => {
    expect(matches([value], lastUpdated)).toBe(expected);
  });

  it('ands repeated parameters and ors comma-separated values', () => {
    expect(matches(['ge2026-01-01', 'lt2026-02-01'], '2026-01-15T00:00:00Z')).toBe(true);
    expect(matches(['ge2026-01-01', 'lt2026-02-01'], '2026-02-15T00:00:00Z')).toBe(false);
    expect(matches(['lt2020-01-01,gt2026-01-01'], '2026-06-01T00:00:00Z')).toBe(true);
    expect(matches(['lt2020-01-01,gt2026-01-01'], '2023-06-01T00:00:00Z')).toBe(false);
  });

  it('never matches a resource without meta.lastUpdated when a value is given', () => {
    expect(matches(['ge1900-01-01'])).toBe(false);
  });

  it.each([
    ['eq2026-01-01', 'prefix "eq" is not supported'],
    ['ne2026-01-01', 'prefix "ne" is not supported'],
    ['sa2026-01-01', 'prefix "sa" is not supported'],
    ['2026-01-01', 'needs a prefix'],
    ['ge2026-13-01', 'not a FHIR date'],
    ['ge2026-02-30', 'not a FHIR date'],
    ['ge2026-01-01T10:00:00', 'time zone'],
    ['ge2026-01-01T25:00:00Z', 'not a FHIR date'],
    ['geyesterday', 'not a FHIR date'],
    ['ge', 'not a FHIR date'],
    ['ge2026-01-01,', 'needs a prefix'],
  ])('refuses %s', (value, reason) => {
    const filter = parseLastUpdated([value]);
    expect(filter).toEqual({ ok: false, message: expect.stringContaining(reason) });
    if (!filter.ok) expect(filter.message).toContain('_lastUpdated');
  });
});
