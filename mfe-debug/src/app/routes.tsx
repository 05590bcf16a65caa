import type { ComponentType } from 'react';
import type { DebugPage } from '@healthlink/contracts';
import { lazyPage } from '@healthlink/web-runtime';

// One lazily loaded chunk per page; features never import each other, this table composes them.
export const pages: Record<DebugPage, ComponentType> = {
  queryTool: lazyPage(() => import('../features/query-tool/routes/QueryToolPage').then((m) => m.QueryToolPage)),
  savingsLookup: lazyPage(() => import('../features/savings-lookup/routes/SavingsLookupPage').then((m) => m.SavingsLookupPage)),
  insurerUptimeCheck: lazyPage(() => import('../features/uptime-check/routes/InsurerUptimeCheckPage').then((m) => m.InsurerUptimeCheckPage)),
  openAi: lazyPage(() => import('../features/ai-test/routes/OpenAiTestPage').then((m) => m.OpenAiTestPage)),
};
