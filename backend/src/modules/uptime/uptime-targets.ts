import { INSURER_CATALOGUE, isInsurerKey, type InsurerKey } from '@healthlink/contracts';
import type { InsurerEndpoints } from '../../config/insurers-config';
import type { UptimeTarget } from './insurer-uptime-checker';

/**
 * Every insurer of the catalogue, in its order: each insurer key with its configured endpoints, and the insurers we
 * cannot link yet (comingSoon) with none, so they show as UNTESTABLE. Subsets (Rocky Mountain, Sierra) share their
 * insurer's connection and are not checked twice.
 */
export function uptimeTargets(endpoints: Record<InsurerKey, InsurerEndpoints>): UptimeTarget[] {
  const targets: UptimeTarget[] = [];
  for (const entry of INSURER_CATALOGUE) {
    if (entry.insurer === null) {
      targets.push({ id: entry.id, name: entry.name, fhirBaseUrl: null, tokenUrl: null });
      continue;
    }
    if (entry.id !== entry.insurer || !isInsurerKey(entry.id)) continue;
    const configured = endpoints[entry.id];
    targets.push({
      id: entry.id,
      name: entry.name,
      fhirBaseUrl: configured?.fhirBaseUrl || null,
      // '' with discovery: the checker reads it from the SMART configuration, as the link would.
      tokenUrl: configured ? configured.tokenUrl || (configured.discovery ? '' : null) : null,
    });
  }
  return targets;
}
