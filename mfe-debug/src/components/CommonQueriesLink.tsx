import { buttonClassName, VisuallyHidden } from '@healthlink/web-ui';
import { DebugTexts } from './debug-texts';

// Spec part 2 §2: "a Common Queries link to an external document". The document ships with this remote (webpack
// emits it as a file beside the chunks), so it always matches the tables the query role can read.
export const COMMON_QUERIES_URL = new URL('./common-queries.html', import.meta.url).href;

/** Opens the Common Queries document in a new tab, with no handle back to this page. */
export function CommonQueriesLink() {
  return (
    <a href={COMMON_QUERIES_URL} target="_blank" rel="noopener noreferrer" className={buttonClassName('secondary')}>
      {DebugTexts.commonQueries}
      <VisuallyHidden>{DebugTexts.opensInNewTab}</VisuallyHidden>
    </a>
  );
}
