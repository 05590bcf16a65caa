import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGzipCsv } from '../../../common/csv';
import { NPPES_FILE, PLANS_DATA_DIR } from './catalogue-files';

/**
 * The doctor search over the NPPES sample (921 providers of the April 2025 NPPES file, scattered over ~50 states):
 * in memory, read once per process. It stands in for a plan's network directory, which the data lacks: a match says
 * the provider exists and where they practise, never that they are in the plan's network.
 */

export interface Provider {
  npi: string;
  kind: 'individual' | 'organization';
  /** "Lester Goldberg" (individual, title case) or the organization's name as registered. */
  displayName: string;
  /** As registered ("M.D."), or null. */
  credential: string | null;
  /** "3501 Johnson St, Hollywood, FL 33021". */
  address: string;
  state: string;
  zip: string;
  /** "(954) 987-2000", or null when NPPES has no usable number. */
  phone: string | null;
  /** NUCC taxonomy code of the primary specialty (NPPES gives no description). */
  taxonomyCode: string | null;
}

interface Indexed {
  provider: Provider;
  /** Name words by weight: the last name or organization name counts most. */
  primary: string[];
  secondary: string[];
}

export interface ProviderSearchOptions {
  /** Two-letter state: only providers practising there (null or absent: every state). */
  state?: string | null;
  /** At most this many (default 25). */
  limit?: number;
}

/** A query longer than this many words or characters is cut: no name needs more, and it bounds the work. */
const MAX_WORDS = 6;
const MAX_QUERY = 200;

const wordsOf = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const titleCase = (text: string): string =>
  text.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());

export function formatPhone(digits: string): string | null {
  const plain = digits.replace(/\D/g, '');
  const national = plain.length === 11 && plain.startsWith('1') ? plain.slice(1) : plain;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : null;
}

const readNppes = (dir: string): Record<string, string>[] =>
  readGzipCsv(NPPES_FILE.fileName, readFileSync(join(dir, NPPES_FILE.fileName)), NPPES_FILE.header).map(({ fields }) =>
    Object.fromEntries(NPPES_FILE.header.map((name, i) => [name, fields[i] ?? ''])),
  );

/** A plain Nest provider: `new ProviderDirectory()` reads backend/data/plans on first search. */
@Injectable()
export class ProviderDirectory {
  /** The NPPES file the sample comes from (April 2025), shown with every answer. */
  readonly asOf: string = NPPES_FILE.asOf;
  private index: readonly Indexed[] | null = null;
  private source: () => readonly Record<string, string>[] = () => readNppes(PLANS_DATA_DIR);

  static load(dir = PLANS_DATA_DIR): ProviderDirectory {
    const directory = new ProviderDirectory();
    directory.source = () => readNppes(dir);
    return directory;
  }

  /** From records keyed by the file's columns (tests give a few). */
  static of(records: readonly Record<string, string>[]): ProviderDirectory {
    const directory = new ProviderDirectory();
    directory.source = () => records;
    return directory;
  }

  private get entries(): readonly Indexed[] {
    this.index ??= ProviderDirectory.indexed(this.source());
    return this.index;
  }

  private static indexed(records: readonly Record<string, string>[]): Indexed[] {
    return records.map((r) => {
      const organization = r.entity_type_code === '2';
      const personal = [r.name_prefix, r.first_name, r.middle_name, r.last_name, r.name_suffix].filter(Boolean).join(' ');
      const street = [r.practice_address_1, r.practice_address_2].filter(Boolean).map(titleCase).join(' ');
      const provider: Provider = {
        npi: r.npi!,
        kind: organization ? 'organization' : 'individual',
        displayName: organization
          ? r.organization_name!
          : titleCase([r.first_name, r.middle_name, r.last_name, r.name_suffix].filter(Boolean).join(' ')),
        credential: r.credential?.trim() || null,
        address: `${street}, ${titleCase(r.practice_city ?? '')}, ${r.practice_state} ${r.practice_zip5}`,
        state: r.practice_state ?? '',
        zip: r.practice_zip5 ?? '',
        phone: formatPhone(r.practice_phone ?? ''),
        taxonomyCode: r.primary_taxonomy_code?.trim() || null,
      };
      return organization
        ? { provider, primary: wordsOf(r.organization_name ?? ''), secondary: [] }
        : { provider, primary: wordsOf(r.last_name ?? ''), secondary: wordsOf(personal) };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Providers whose name words start with every word of the query (case and accents ignored), best first: a whole
   * word before a prefix, the last or organization name before a first name, then by name.
   */
  search(name: string, options: ProviderSearchOptions = {}): Provider[] {
    const query = wordsOf(name.slice(0, MAX_QUERY)).slice(0, MAX_WORDS);
    if (!query.length) return [];
    const state = options.state?.toUpperCase();
    const scored: { provider: Provider; score: number }[] = [];
    for (const entry of this.entries) {
      if (state && entry.provider.state !== state) continue;
      let score = 0;
      for (const word of query) {
        const best = Math.max(
          ...entry.primary.map((w) => (w === word ? 4 : w.startsWith(word) ? 2 : 0)),
          ...entry.secondary.map((w) => (w === word ? 3 : w.startsWith(word) ? 1 : 0)),
          0,
        );
        if (!best) {
          score = 0;
          break;
        }
        score += best;
      }
      if (score) scored.push({ provider: entry.provider, score });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score || a.provider.displayName.localeCompare(b.provider.displayName) || a.provider.npi.localeCompare(b.provider.npi),
    );
    return scored.slice(0, Math.max(1, Math.min(options.limit ?? 25, 100))).map((entry) => entry.provider);
  }
}
