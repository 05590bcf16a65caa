import { sourceLine } from '../source-line';

describe('sourceLine', () => {
  it('names one source with its date, several with semicolons, and nothing when none is named', () => {
    expect(sourceLine([{ provider: 'openai', name: 'gpt-4o', asOf: null }])).toBe('Source: gpt-4o');
    expect(
      sourceLine([
        { provider: 'offline', name: 'ICD-10-CM FY2026', asOf: '2025-10-01' },
        { provider: 'offline', name: 'HCPCS 2026', asOf: '2026-01-01' },
      ]),
    ).toBe('Sources: ICD-10-CM FY2026, as of Oct 1, 2025; HCPCS 2026, as of Jan 1, 2026');
    expect(sourceLine([])).toBeNull();
    expect(sourceLine([{ provider: 'offline', name: ' ', asOf: null }])).toBeNull();
  });

  it('names a source given twice once, as one source', () => {
    const uspstf = { provider: 'offline' as const, name: 'USPSTF A and B recommendations', asOf: '2026-01-05' };
    expect(sourceLine([uspstf, { ...uspstf }])).toBe('Source: USPSTF A and B recommendations, as of Jan 5, 2026');
  });
});
