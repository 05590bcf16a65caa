import type { SiteInfo } from '@healthlink/contracts';
import { apiClient } from '../api/api-client';

// Kept apart from site-info.ts: the shell's entry calls this before the shared libraries (React,
// TanStack Query) are loaded, so this module must not import them.
let early: Promise<SiteInfo> | null = null;

/** Start-up: asks for the site facts now, so the first render usually has them. */
export function prefetchSiteInfo(): void {
  early = apiClient.get<SiteInfo>('/api/siteInfo', { anonymous: true });
  early.catch(() => undefined);
}

/** The start-up request, handed out once (a later query asks the server again). */
export function takeEarlySiteInfo(): Promise<SiteInfo> | null {
  const pending = early;
  early = null;
  return pending;
}
