/**
 * National Drug Codes as people, labels and payers print them, into the 11-digit HIPAA form (5-4-2, no dashes)
 * that every table here is keyed by.
 *
 * With dashes the segments say where the zero goes: 4-4-2 pads the labeler, 5-3-2 the product, 5-4-1 the
 * package, 5-4-2 is already whole. Ten digits without dashes could be any of the three, so they answer all three
 * candidates and the caller keeps the one the NDC directory knows (never a guess).
 */
export type NdcParse =
  { kind: 'exact'; ndc11: string } | { kind: 'ambiguous'; candidates: [string, string, string] } | { kind: 'invalid'; reason: string };

export const NDC_FORMS = '10 or 11 digits, with dashes as 4-4-2, 5-3-2, 5-4-1 or 5-4-2';

// An optional "NDC" label as printed on a box ("NDC 0002-1433-80", "NDC: ..."), then the code.
const LABEL = /^ndc[\s:#]*/i;
const SEGMENT_PADDING: Record<string, (l: string, p: string, k: string) => string> = {
  '4-4-2': (l, p, k) => `0${l}${p}${k}`,
  '5-3-2': (l, p, k) => `${l}0${p}${k}`,
  '5-4-1': (l, p, k) => `${l}${p}0${k}`,
  '5-4-2': (l, p, k) => `${l}${p}${k}`,
};

export function normalizeNdc(input: string): NdcParse {
  const text = input.trim().replace(LABEL, '');
  if (!text) return { kind: 'invalid', reason: `is empty: an NDC has ${NDC_FORMS}` };
  if (!/^[\d-]+$/.test(text)) return { kind: 'invalid', reason: `may hold only digits and dashes (${NDC_FORMS})` };

  const segments = text.split('-');
  if (segments.length === 1) {
    if (text.length === 11) return { kind: 'exact', ndc11: text };
    if (text.length === 10) {
      return {
        kind: 'ambiguous',
        candidates: [`0${text}`, `${text.slice(0, 5)}0${text.slice(5)}`, `${text.slice(0, 9)}0${text.slice(9)}`],
      };
    }
    return { kind: 'invalid', reason: `has ${text.length} digits: an NDC has ${NDC_FORMS}` };
  }
  if (segments.length !== 3 || segments.some((segment) => segment === '')) {
    return { kind: 'invalid', reason: `has ${segments.length - 1} dash(es) where three segments are needed (${NDC_FORMS})` };
  }
  const [labeler, product, pack] = segments as [string, string, string];
  const pad = SEGMENT_PADDING[`${labeler.length}-${product.length}-${pack.length}`];
  if (!pad) return { kind: 'invalid', reason: `has segments ${labeler.length}-${product.length}-${pack.length}: an NDC has ${NDC_FORMS}` };
  return { kind: 'exact', ndc11: pad(labeler, product, pack) };
}

/** The 11-digit forms the input may stand for: one, three for ten bare digits, none when it is malformed. */
export function ndcCandidates(parse: NdcParse): string[] {
  return parse.kind === 'exact' ? [parse.ndc11] : parse.kind === 'ambiguous' ? [...parse.candidates] : [];
}

/** The labeler-product part of a dashed package NDC, as the FDA prints a product NDC ("0002-1433"). */
export function productNdcOf(packageNdc: string): string | null {
  const segments = packageNdc.trim().split('-');
  return segments.length === 3 ? `${segments[0]}-${segments[1]}` : null;
}
