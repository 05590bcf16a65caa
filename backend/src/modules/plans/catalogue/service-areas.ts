import type { LandscapeCountyRow, LandscapeListing } from './catalogue-files';
import { countyKey } from './zip-counties';

/** One (plan, state, county) the plan is offered in; county '' is the whole state. */
export interface ServiceAreaRow {
  bidId: string;
  state: string;
  /** countyKey of the county ('' for the whole state): what a ZIP's county is looked up by. */
  county: string;
  /** The Landscape's name of it ('' for the whole state). */
  countyName: string;
}

export interface ServiceAreaStats {
  /** County rows whose county was found in none of the plan's states: kept in the state the source labels them. */
  unmatched: { bidId: string; state: string; county: string }[];
  /** County rows placed in another of the plan's states than the source's label (or in several). */
  relabelled: number;
  /** (plan, state) pairs the state lists give without all counties, for which no county was found. */
  statesWithoutCounties: { bidId: string; state: string }[];
}

/**
 * Where each plan is offered. A plan is offered in (state, county) when the Landscape state list has (plan, state) and
 * either marks all counties, or the county list names that county.
 *
 * The county list holds one state per plan (see backend/data/plans/README.md): a plan sold in several states has all
 * its counties labelled with one of them, and a county name shared by two of its states appears once. So each
 * county row is placed in every one of the plan's listed states (those without all counties) that has a county of
 * that name in the ZIP file; a name found in none stays where the source labels it.
 */
export function buildServiceAreas(
  listings: readonly LandscapeListing[],
  countyRows: readonly LandscapeCountyRow[],
  hasCounty: (state: string, county: string) => boolean,
): { rows: ServiceAreaRow[]; stats: ServiceAreaStats } {
  const rows = new Map<string, ServiceAreaRow>();
  const add = (row: ServiceAreaRow): void => {
    rows.set(`${row.state}\u0000${row.county}\u0000${row.bidId}`, row);
  };
  const countyStates = new Map<string, string[]>();
  for (const listing of listings) {
    if (listing.allCounties) add({ bidId: listing.bidId, state: listing.state, county: '', countyName: '' });
    else countyStates.set(listing.bidId, [...(countyStates.get(listing.bidId) ?? []), listing.state]);
  }
  const stats: ServiceAreaStats = { unmatched: [], relabelled: 0, statesWithoutCounties: [] };
  const covered = new Set<string>();
  for (const row of countyRows) {
    const states = countyStates.get(row.bidId) ?? [];
    const found = states.filter((state) => hasCounty(state, row.county));
    if (!found.length) {
      // Not in the ZIP file under any of the plan's states (a misspelt name): kept as the source has it.
      stats.unmatched.push({ bidId: row.bidId, state: row.state, county: row.county });
      if (!states.includes(row.state)) continue;
      found.push(row.state);
    }
    if (found.length !== 1 || found[0] !== row.state) stats.relabelled++;
    for (const state of found) {
      add({ bidId: row.bidId, state, county: countyKey(row.county, state), countyName: row.county });
      covered.add(`${row.bidId}\u0000${state}`);
    }
  }
  for (const [bidId, states] of countyStates) {
    for (const state of states) if (!covered.has(`${bidId}\u0000${state}`)) stats.statesWithoutCounties.push({ bidId, state });
  }
  return { rows: [...rows.values()], stats };
}
