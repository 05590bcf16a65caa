import type { ComponentType } from 'react';
import type { DebugPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';
import { staffOnly } from '../features/staff-access';

// One lazily loaded chunk per page, named page-<page> (the server lists its files in the page's HTML);
// features never import each other, this table composes them.
// Staff pages sit behind the staff gate (issue 19, point 1), which reads the role before their chunk loads. Not
// gated: the uptime check (the spec's call is public). The AI test pages are staff only (issue 18, point 5).
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
  insurerUptimeCheck: lazyPage(() =>
    import(/* webpackChunkName: "page-insurerUptimeCheck" */ '../features/uptime-check/routes/InsurerUptimeCheckPage').then(
      (m) => m.InsurerUptimeCheckPage,
    ),
  ),
  openAi: staffOnly(
    lazyPage(() => import(/* webpackChunkName: "page-openAi" */ '../features/ai-test/routes/OpenAiTestPage').then((m) => m.OpenAiTestPage)),
  ),
};
