import { PricingErrorCode } from '@healthlink/contracts';
import { ndcCandidates, normalizeNdc, productNdcOf } from './ndc';
import { PricingError, requireNdc } from './pricing.errors';

describe('normalizeNdc', () => {
  it.each([
    ['4-4-2 pads the labeler', '0002-1433-80', '00002143380'],
    ['5-3-2 pads the product', '10014-001-07', '10014000107'],
    ['5-4-1 pads the package', '10018-8999-1', '10018899901'],
    ['5-4-2 is already whole', '00615-7993-30', '00615799330'],
    ['11 digits without dashes', '00054003721', '00054003721'],
    ['surrounding blanks', '  0002-1433-80\t', '00002143380'],
    ['a printed "NDC" label', 'NDC 0002-1433-80', '00002143380'],
    ['a label with a colon', 'ndc: 10014-001-07', '10014000107'],
  ])('%s: %s -> %s', (_form, input, ndc11) => {
    expect(normalizeNdc(input)).toEqual({ kind: 'exact', ndc11 });
  });

  it('answers ten bare digits with the three forms they may stand for, in 4-4-2, 5-3-2, 5-4-1 order', () => {
    expect(normalizeNdc('0615799330')).toEqual({ kind: 'ambiguous', candidates: ['00615799330', '06157099330', '06157993300'] });
  });

  it.each([
    ['', 'is empty'],
    ['   ', 'is empty'],
    ['0002-1433-8O', 'may hold only digits and dashes'],
    ['0002 1433 80', 'may hold only digits and dashes'],
    ['0002.1433.80', 'may hold only digits and dashes'],
    ['123456789', 'has 9 digits'],
    ['123456789012', 'has 12 digits'],
    ['68071-2235', 'has 1 dash(es)'],
    ['0002-1433-80-1', 'has 3 dash(es)'],
    ['0002--1433', 'has 2 dash(es)'],
    ['-0002-1433', 'has 2 dash(es)'],
    ['0002-01433-80', 'has segments 4-5-2'],
    ['002-1433-80', 'has segments 3-4-2'],
    ['000002-1433-80', 'has segments 6-4-2'],
    ['0002-143-80', 'has segments 4-3-2'],
  ])('refuses %j: it %s', (input, reason) => {
    const parsed = normalizeNdc(input);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.reason).toContain(reason);
  });

  it('lists the candidates of each kind', () => {
    expect(ndcCandidates(normalizeNdc('0002-1433-80'))).toEqual(['00002143380']);
    expect(ndcCandidates(normalizeNdc('0615799330'))).toHaveLength(3);
    expect(ndcCandidates(normalizeNdc('12'))).toEqual([]);
  });

  it('takes the product NDC of a dashed package NDC', () => {
    expect(productNdcOf('0002-1433-80')).toBe('0002-1433');
    expect(productNdcOf('00002143380')).toBeNull();
  });
});

describe('requireNdc', () => {
  it('passes a well-formed NDC through, exact or ambiguous', () => {
    expect(requireNdc('ndc', '10018-8999-1')).toEqual({ kind: 'exact', ndc11: '10018899901' });
    expect(requireNdc('ndc', '0615799330').kind).toBe('ambiguous');
  });

  it('answers a malformed NDC with a 400 naming the field and why', () => {
    let thrown: unknown;
    try {
      requireNdc('drugNdc', '0002-01433-80');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PricingError);
    const error = thrown as PricingError;
    expect([error.status, error.code]).toEqual([400, PricingErrorCode.InvalidNdc]);
    expect(error.message).toBe(
      'drugNdc is not a valid NDC: it has segments 4-5-2: an NDC has 10 or 11 digits, with dashes as 4-4-2, 5-3-2, 5-4-1 or 5-4-2',
    );
    expect(error.fieldErrors).toEqual([{ field: 'drugNdc', message: error.message }]);
  });
});
