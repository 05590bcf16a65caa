import { act, renderHook } from '@testing-library/react';
import { useRankProgress, PROGRESS_DONE_HOLD_MS } from '../components/useRankProgress';
import { planDetailsHref, readPlanDetail } from '../lib/plan-details-link';
import { monthlyText, netImpactText, rankBarWidth, rowsOf } from '../lib/plan-rows';
import { buildResult, buildRow, buildRows } from './fake-plans-api';

describe('the ranking progress (part 2 §4, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks 1% every 100 ms, stops at 95%, jumps to 100% on completion and stays a moment, then hides', () => {
    const { result, rerender } = renderHook(({ loading, completed }) => useRankProgress(loading, completed), {
      initialProps: { loading: true, completed: false },
    });
    expect(result.current).toEqual({ value: 0, visible: true });
    act(() => jest.advanceTimersByTime(100));
    expect(result.current.value).toBe(1);
    act(() => jest.advanceTimersByTime(4_900));
    expect(result.current.value).toBe(50);
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.value).toBe(95);
    rerender({ loading: false, completed: true });
    expect(result.current).toEqual({ value: 100, visible: true });
    act(() => jest.advanceTimersByTime(PROGRESS_DONE_HOLD_MS));
    expect(result.current.visible).toBe(false);
    // Loading again (the contact form's submit) starts from 0.
    rerender({ loading: true, completed: false });
    expect(result.current).toEqual({ value: 0, visible: true });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.value).toBe(3);
  });

  it('does not fill the bar when loading ends without ranks (the form or the failure shows at once)', () => {
    const { result, rerender } = renderHook(({ loading, completed }) => useRankProgress(loading, completed), {
      initialProps: { loading: true, completed: false },
    });
    rerender({ loading: false, completed: false });
    expect(result.current.visible).toBe(false);
  });
});

describe('plan rows', () => {
  it('concatenates the groups in order', () => {
    expect(rowsOf(buildResult(buildRows(5))).map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('monthly is yearly / 12 rounded to the cent', () => {
    expect(monthlyText(1234.5)).toBe('$102.88');
    expect(monthlyText(1200)).toBe('$100.00');
    expect(monthlyText(null)).toBe('N/A');
  });

  it('net impact in words', () => {
    expect(netImpactText(-420)).toBe('$420.00 less than your current plan');
    expect(netImpactText(1505.9)).toBe('$1,505.90 more than your current plan');
    expect(netImpactText(0.004)).toBe('About the same as your current plan');
    expect(netImpactText(null)).toBeNull();
  });

  it.each([
    ['medium', 2500, 200, 100],
    ['large', 2500, 250, 125],
    ['medium', 9000, 200, 200],
    ['medium', -50, 200, 0],
    ['medium', null, 200, 0],
    ['small', 1000, 150, 50],
    ['small', 3000, 150, 100],
    ['small', 9000, 150, 150],
    ['small', null, 150, 50],
  ] as const)('%s screen, total %s: dearest %s px, this one %s px', (screen, total, dearest, expected) => {
    const compared = [1000, 2000, 3000, 4000, 5000];
    expect(rankBarWidth(5000, compared, screen)).toBe(dearest);
    expect(rankBarWidth(total, compared, screen)).toBe(expected);
  });

  it('equal totals all get the full bar', () => {
    expect(rankBarWidth(100, [100, 100], 'small')).toBe(150);
    expect(rankBarWidth(100, [100, 100], 'medium')).toBe(200);
  });
});

describe('the /planDetails link', () => {
  it('round-trips a row: the "$" of each money parameter stripped on reading', () => {
    const row = buildRow(3, { total: 2345.67, netImpact: -12.5 });
    const params = new URL(planDetailsHref(row, '2025-10-01'), 'http://x').searchParams;
    expect(params.get('totalEstCost')).toBe('$2,345.67');
    const read = readPlanDetail(params);
    if (!read.ok) throw new Error('expected a plan');
    expect(read.detail).toMatchObject({
      name: 'Plan 03',
      carrier: 'Sunrise Health',
      hNumber: 'H1003',
      planIdentifier: '003_0',
      bidId: 'H1003_003_0',
      dataAsOf: '2025-10-01',
    });
    expect(read.detail.money.totalEstCost).toBe(2345.67);
    expect(read.detail.money.netImpact).toBe(-12.5);
    expect(read.detail.money.monthlyPremium).toBe(Number(row.columns[11].replace(/[$,]/g, '')));
  });

  it('names every required parameter that is missing or unreadable', () => {
    const read = readPlanDetail(new URLSearchParams('name=X&monthlyPremium=abc&estMonthlyMedCost=$1.00&hNumber=Z1&planIdentifier=001'));
    expect(read).toEqual({ ok: false, missing: ['totalEstCost', 'monthlyPremium', 'estMonthlyPharmCost', 'hNumber'] });
  });
});
