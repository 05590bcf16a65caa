import { parseCheckSavings } from '@healthlink/contracts';
import { formFromSearch, requestFromForm, SAVINGS_DEFAULTS, searchFromForm } from '../lib/savings-params';
import { formatAsOf } from '../components/SavingsTable';

describe('savings query string', () => {
  it('has defaults the shared rules accept as they are', () => {
    const parsed = requestFromForm(SAVINGS_DEFAULTS);
    expect(parsed).toEqual({
      ok: true,
      value: { ndcList: ['59417010210', '21695078460'], phoneNumber: '3605550123', zipCode: '98501', pharmacyNPI: '1003000126' },
    });
    expect(parseCheckSavings(parsed.ok ? parsed.value : {}).ok).toBe(true);
  });

  it('takes an absent parameter from the defaults and keeps an empty one empty', () => {
    expect(formFromSearch(new URLSearchParams(''))).toEqual(SAVINGS_DEFAULTS);
    expect(formFromSearch(new URLSearchParams('ndcs=&zip=10001'))).toEqual({ ...SAVINGS_DEFAULTS, ndcList: '', zipCode: '10001' });
  });

  it('writes the NDCs as one clean list and reads back the same form', () => {
    const search = searchFromForm({ ...SAVINGS_DEFAULTS, ndcList: ' 59417-0102-10\n\n21695-0784-60 , ', zipCode: ' 98501 ' });
    expect(search.toString()).toBe('ndcs=59417010210%2C21695078460&phone=3605550123&zip=98501&npi=1003000126');
    expect(formFromSearch(search)).toEqual(SAVINGS_DEFAULTS);
  });

  it('dates the prices for people, and shows nothing for a date it cannot read', () => {
    expect(formatAsOf('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatAsOf(null)).toBeNull();
    expect(formatAsOf('yesterday')).toBeNull();
    expect(formatAsOf('2026-13-45')).toBeNull();
  });
});
