import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INSURER_DATA_DIR } from './code-tables';
import { INSURER_KEYS } from './insurer-catalogue';
import { MemberDirectory } from './member-directory';

describe('member directory', () => {
  const directory = new MemberDirectory();
  const usernames = (key: (typeof INSURER_KEYS)[number]) => directory.list(key).map((m) => m.username);
  const GENERATED = ['member-small', 'member-typical', 'member-large'];

  it('serves the CMS Blue Button samples, and generated members, at both Blue Button insurers', () => {
    for (const key of ['blueButton', 'blueButtonSandbox'] as const) {
      expect(usernames(key)).toEqual(['BBUser29999', 'BBUser08325', 'BBUser00001', ...GENERATED]);
      expect(directory.byUsername(key, 'BBUser00001')?.counts).toEqual({ Patient: 1, ExplanationOfBenefit: 52 });
      expect(directory.byUsername(key, 'bbuser08325')?.counts).toEqual({ Patient: 1, Coverage: 4, ExplanationOfBenefit: 13 });
    }
  });

  it('serves the CARIN and Inferno examples, and generated members, at every other insurer', () => {
    const carin = [
      'inferno-carin-888',
      'inferno-pdex-999',
      'inferno-uscore-85',
      'inferno-uscore-355',
      'carin-example-1',
      'carin-connectathon',
    ];
    for (const key of INSURER_KEYS.filter((k) => !k.startsWith('blueButton'))) {
      const expected = key.startsWith('aetna') ? [...carin, 'aetna-connectathon', ...GENERATED] : [...carin, ...GENERATED];
      expect(usernames(key)).toEqual(expected);
      expect(directory.usernames(key)).toEqual(expected);
    }
    expect(directory.byUsername('kaiser', 'inferno-uscore-355')?.counts).toEqual({
      Patient: 1,
      Encounter: 129,
      Condition: 31,
      MedicationRequest: 20,
    });
  });

  it('gives each insurer its own generated members', () => {
    const uhc = directory.byUsername('uhc', 'member-large');
    const cigna = directory.byUsername('cigna', 'member-large');
    expect(uhc?.patientId).toBe('uhc-member-large');
    expect(cigna?.patientId).toBe('cigna-member-large');
    const items = (m: typeof uhc) =>
      JSON.stringify(
        m?.byType
          .get('ExplanationOfBenefit')
          ?.slice(0, 20)
          .map((e) => e.item),
      );
    expect(items(uhc)).not.toBe(items(cigna));
  });

  it('ships only data that sandbox/data/SOURCE.md accounts for, and nothing from synthea_full_ma', () => {
    const source = readFileSync(join(INSURER_DATA_DIR, '..', 'SOURCE.md'), 'utf8');
    for (const file of readdirSync(INSURER_DATA_DIR)) expect(source).toContain(`\`${file}\``);
    for (const file of readdirSync(INSURER_DATA_DIR)) {
      const raw = readFileSync(join(INSURER_DATA_DIR, file));
      const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      // Family names of the synthea_full_ma people (no licence), which must never ship.
      expect(text).not.toMatch(/Kerluke267|Feeney44|Gutmann970|Schumm995|Pagan507|Vandervort697|Kihn564|Villase\S*332|Harvey63/);
    }
  });

  it('gives every resource served a meta.lastUpdated: its own where the source has one, else one from its dates', () => {
    for (const key of ['kaiser', 'blueButton'] as const) {
      for (const member of directory.list(key)) {
        for (const [type, list] of member.byType) {
          for (const r of list) {
            const stamp = (r.meta as { lastUpdated?: string } | undefined)?.lastUpdated;
            expect([type, r.id, Number.isNaN(Date.parse(stamp ?? ''))]).toEqual([type, r.id, false]);
            expect(Date.parse(stamp as string)).toBeLessThanOrEqual(Date.parse('2026-04-15T12:00:00.000Z'));
          }
        }
      }
    }
    const encounter = directory.byUsername('kaiser', 'inferno-uscore-355')?.byType.get('Encounter')?.[0] as unknown as {
      period?: { end?: string; start?: string };
      meta: { lastUpdated: string };
    };
    expect(encounter.meta.lastUpdated).toBe(new Date(encounter.period?.end ?? encounter.period?.start ?? '').toISOString());
    // A fixture's own lastUpdated is kept as shipped.
    const raw = JSON.parse(gunzipSync(readFileSync(join(INSURER_DATA_DIR, 'bluebutton-bbuser29999.json.gz'))).toString('utf8'));
    const shipped = raw.members[0].resources.find((r: { resourceType: string }) => r.resourceType === 'ExplanationOfBenefit');
    const served = directory.find('blueButton', 'ExplanationOfBenefit', shipped.id)?.resource.meta as { lastUpdated: string };
    expect(served.lastUpdated).toBe(shipped.meta.lastUpdated);
  });

  it('fails at construction when the data folder is missing', () => {
    expect(() => new MemberDirectory('/nonexistent/data')).toThrow(/Sandbox insurer data missing/);
  });
});
