// Drugs@FDA, the FDA's public search of approved drugs and their labels, searched by name.
const FDA_LABEL_SEARCH = 'https://www.accessdata.fda.gov/scripts/cder/daf/index.cfm';

/** The FDA's label search for a drug name (part 2 §7: a link to the FDA search for each interacting drug). */
export function fdaLabelSearchUrl(drugName: string): string {
  const params = new URLSearchParams({ event: 'BasicSearch.process', searchterm: drugName.trim() });
  return `${FDA_LABEL_SEARCH}?${params}`;
}
