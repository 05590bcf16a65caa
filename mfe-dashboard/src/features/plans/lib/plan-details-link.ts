import { parsePlanKey, splitBidId, type PlanColumnName, type PlanRankRow } from '@healthlink/contracts';
import { parseMoney } from '@healthlink/web-drugs';
import { columnOf } from './plan-rows';

export const MEDICARE_OPTIONS_PATH = '/medicareOptions';
export const PLAN_DETAILS_PATH = '/planDetails';

/** The spec's column parameters of /planDetails (part 2 §2), each read from the rank row's column of the same name. */
export const COLUMN_PARAMS = [
  'totalEstCost',
  'premium',
  'medicalPremium',
  'pharmacyPremium',
  'estMedCost',
  'estPharmCost',
  'monthlyPremium',
  'estMonthlyMedCost',
  'estMonthlyPharmCost',
  'msaDeposit',
  'suppValue',
  'netImpact',
] as const satisfies readonly PlanColumnName[];
export type MoneyParam = (typeof COLUMN_PARAMS)[number];

/** Every query parameter of the spec, in its order (part 2 §2, Plan details). */
export const DETAIL_PARAMS = ['name', 'carrier', 'planType', 'network', ...COLUMN_PARAMS, 'hNumber', 'planIdentifier'] as const;

/**
 * Beyond the spec's list: the date of the plan data, so the page never shows a number as if it were live. A link
 * without it still opens; the page then takes the date from the estimate call.
 */
export const DATA_AS_OF_PARAM = 'dataAsOf';

/** What the page cannot do without (part 2 §2: the three monthly costs; the name and plan key to call the API with). */
export const REQUIRED_PARAMS = [
  'name',
  'totalEstCost',
  'monthlyPremium',
  'estMonthlyMedCost',
  'estMonthlyPharmCost',
  'hNumber',
  'planIdentifier',
] as const;

/** The /planDetails link of a rank row: the spec's parameters from its columns and bidId, and the data date. */
export function planDetailsHref(row: PlanRankRow, dataAsOf: string): string {
  const { hNumber, planIdentifier } = splitBidId(row.bidId);
  const params = new URLSearchParams();
  params.set('name', columnOf(row, 'planName'));
  params.set('carrier', columnOf(row, 'carrier'));
  params.set('planType', columnOf(row, 'planType'));
  params.set('network', columnOf(row, 'network'));
  for (const name of COLUMN_PARAMS) params.set(name, columnOf(row, name));
  params.set('hNumber', hNumber);
  params.set('planIdentifier', planIdentifier);
  params.set(DATA_AS_OF_PARAM, dataAsOf);
  return `${PLAN_DETAILS_PATH}?${params}`;
}

export interface PlanDetail {
  name: string;
  carrier: string | null;
  planType: string | null;
  network: string | null;
  /** Money as numbers ("$" stripped, part 2 §2); null when absent or not money. */
  money: Record<MoneyParam, number | null>;
  hNumber: string;
  planIdentifier: string;
  bidId: string;
  dataAsOf: string | null;
}

export type PlanDetailRead = { ok: true; detail: PlanDetail } | { ok: false; missing: string[] };

// Control characters of a hand-edited URL are dropped; texts are bounded so a crafted link cannot flood the page.
const CONTROL = /[\u0000-\u001f\u007f]/g;
const TEXT_MAX_LENGTH = 200;

function readText(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.replace(CONTROL, '').trim().slice(0, TEXT_MAX_LENGTH);
  return value ? value : null;
}

/** The page's parameters; a required one missing or unreadable is named (in the spec's words) so the page can say so. */
export function readPlanDetail(params: URLSearchParams): PlanDetailRead {
  const missing: string[] = [];
  const money = {} as Record<MoneyParam, number | null>;
  for (const name of COLUMN_PARAMS) money[name] = parseMoney(readText(params, name));
  const name = readText(params, 'name');
  const key = parsePlanKey(readText(params, 'hNumber') ?? '', readText(params, 'planIdentifier') ?? '');
  for (const required of REQUIRED_PARAMS) {
    if (required === 'name') {
      if (!name) missing.push(required);
    } else if (required === 'hNumber' || required === 'planIdentifier') {
      // Absent, or not a plan key (parsePlanKey names the first part it cannot read).
      if (!readText(params, required) || (!key.ok && key.problem.field === required)) missing.push(required);
    } else if (money[required] === null) {
      missing.push(required);
    }
  }
  if (!name || !key.ok || missing.length) return { ok: false, missing };
  const { hNumber, planIdentifier } = splitBidId(key.value);
  const dataAsOf = readText(params, DATA_AS_OF_PARAM);
  return {
    ok: true,
    detail: {
      name,
      carrier: readText(params, 'carrier'),
      planType: readText(params, 'planType'),
      network: readText(params, 'network'),
      money,
      hNumber,
      planIdentifier,
      bidId: key.value,
      dataAsOf: dataAsOf && /^\d{4}-\d{2}-\d{2}$/.test(dataAsOf) ? dataAsOf : null,
    },
  };
}
