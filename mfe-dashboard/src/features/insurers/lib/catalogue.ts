import { INSURER_CATALOGUE, type CheckTokenResponse, type InsurerCatalogueEntry, type InsurerKey } from '@healthlink/contracts';

/** Every insurer key the catalogue can link, once each (several entries share `uhc` through subsets). */
export const LINKABLE_INSURERS: readonly InsurerKey[] = [
  ...new Set(INSURER_CATALOGUE.flatMap((entry) => (entry.insurer ? [entry.insurer] : []))),
];

/** Spec part 2 §5: case-insensitive over name, insurer key and altTags. */
export function matchesSearch(entry: InsurerCatalogueEntry, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [entry.name, entry.insurer ?? '', ...entry.altTags].some((text) => text.toLowerCase().includes(needle));
}

export interface CatalogueView {
  linked: InsurerCatalogueEntry[];
  others: InsurerCatalogueEntry[];
  /** Sandbox entries that match but are hidden because the toggle is off. */
  hiddenSandboxMatches: number;
}

/** The entries to show: matching, sandbox ones only when asked for, those with an active token first. */
export function viewCatalogue(
  catalogue: readonly InsurerCatalogueEntry[],
  { query, showSandbox, tokens }: { query: string; showSandbox: boolean; tokens: CheckTokenResponse | undefined },
): CatalogueView {
  const matching = catalogue.filter((entry) => matchesSearch(entry, query));
  const shown = matching.filter((entry) => showSandbox || !entry.sandbox);
  const isLinked = (entry: InsurerCatalogueEntry) => entry.insurer !== null && tokens?.[entry.insurer] === true;
  return {
    linked: shown.filter(isLinked),
    others: shown.filter((entry) => !isLinked(entry)),
    hiddenSandboxMatches: matching.length - shown.length,
  };
}

/** Up to two letters for the entry's tile: "Kaiser Permanente" -> KP, "UnitedHealthcare" -> UH. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word) && !/^(sandbox|and|of|the)$/i.test(word));
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  const word = words[0] ?? name;
  const capitals = word.match(/[A-Z]/g) ?? [];
  return (capitals.length >= 2 ? capitals.slice(0, 2).join('') : word.slice(0, 1)).toUpperCase();
}

// White text on each of these is at least 6:1 (WCAG AA needs 4.5:1).
const TILE_COLOURS = ['#0a58a8', '#1e6b34', '#6b2c91', '#0f5e66', '#8a4100', '#7a1f5c', '#37474f'];

/** A stable colour per entry, so a tile looks the same on every visit. */
export function tileColourOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TILE_COLOURS[hash % TILE_COLOURS.length];
}
