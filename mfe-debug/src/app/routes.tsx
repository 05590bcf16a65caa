import type { ComponentType } from 'react';
import type { DebugPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';
import { staffOnly } from '../features/staff-access';

// One lazily loaded chunk per page, named page-<page> (the server lists its files in the page's HTML);
// features never import each other, this table composes them.
// Every debug page sits behind the staff gate (issue 19, point 1; the AI test pages: issue 18, point 5), which reads
// the role before the page's chunk loads. The uptime check's API stays public (the spec calls it without a token);
// its page is a staff tool like the others.
export const pages: Record<DebugPage, ComponentType> = {
  queryTool: staffOnly(
    lazyPage(() =>
      import(/* webpackChunkName: "page-queryTool" */ '../features/query-tool/routes/QueryToolPage').then((m) => m.QueryToolPage),
    ),
  ),
  savingsLookup: staffOnly(
    lazyPage(() =>
      import(/* webpackChunkName: "page-savingsLookup" */ '../features/savings-lookup/routes/SavingsLookupPage').then(
        (m) => m.SavingsLookupPage,
      ),
    ),
  ),
  insurerUptimeCheck: staffOnly(
    lazyPage(() =>
      import(/* webpackChunkName: "page-insurerUptimeCheck" */ '../features/uptime-check/routes/InsurerUptimeCheckPage').then(
        (m) => m.InsurerUptimeCheckPage,
      ),
    ),
  ),
  openAi: staffOnly(
    lazyPage(() => import(/* webpackChunkName: "page-openAi" */ '../features/ai-test/routes/OpenAiTestPage').then((m) => m.OpenAiTestPage)),
  ),
};
