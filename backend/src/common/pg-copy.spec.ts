import { copyLine } from './pg-copy';

describe('copyLine (COPY text format)', () => {
  it('separates values by tabs, writes null as \\N, numbers as text and booleans as t/f', () => {
    expect(copyLine(['00615799330', null, 3])).toBe('00615799330\t\\N\t3');
    expect(copyLine([true, false])).toBe('t\tf');
  });

  it('escapes backslashes, tabs and line breaks inside a value', () => {
    expect(copyLine(['a\\b', 'c\td', 'e\nf\rg'])).toBe('a\\\\b\tc\\td\te\\nf\\rg');
  });

  it('writes arrays as literals, quoting items that need it', () => {
    expect(copyLine([['36567', '21212']])).toBe('{36567,21212}');
    expect(copyLine([[]])).toBe('{}');
    expect(copyLine([['hydrogen peroxide', 'a,b', 'say "x"', 'NULL', '']])).toBe('{"hydrogen peroxide","a,b","say \\\\"x\\\\"","NULL",""}');
  });
});
