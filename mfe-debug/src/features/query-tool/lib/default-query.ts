import { DEFAULT_QUERIES } from '@healthlink/contracts';

/** The URL parameter holding the SQL text (spec part 2 §2). */
export const QUERY_PARAM = 'query';

/** The page's heading and subtitle by path (spec part 2 §2): one page behind four paths. */
export function titleFor(pathname: string): { title: string; subtitle: string } {
  if (pathname === '/errors') return { title: 'Error Logs Query', subtitle: 'Query the errors database to investigate issues.' };
  if (pathname === '/ndcPackages') return { title: 'NDC Packages Query', subtitle: 'Query NDCs by package and dosage.' };
  return { title: 'NDC Products Query', subtitle: 'Query NDCs by name and product info.' };
}

/** The SQL a path starts with when its URL has no `query` (spec part 2 §9). */
export function defaultQueryFor(pathname: string): string {
  if (pathname === '/errors') return DEFAULT_QUERIES.errors;
  if (pathname === '/ndcPackages') return DEFAULT_QUERIES.ndc_packages;
  return DEFAULT_QUERIES.ndc_products;
}
