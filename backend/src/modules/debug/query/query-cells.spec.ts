import { queryCellTypes, rowsAsObjects, uniqueColumnNames } from './query-cells';

describe('query tool cells', () => {
  const parse = (oid: number, text: string) => queryCellTypes.getTypeParser(oid)(text);

  it('numbers JSON can carry exactly become numbers; bigint and numeric keep their text', () => {
    expect(parse(23, '42')).toBe(42);
    expect(parse(21, '-7')).toBe(-7);
    expect(parse(701, '1.5')).toBe(1.5);
    expect(parse(20, '9007199254740993')).toBe('9007199254740993');
    expect(parse(1700, '12345678901234567890.01')).toBe('12345678901234567890.01');
  });

  it('NaN and Infinity, which JSON has no number for, stay text', () => {
    expect(parse(701, 'NaN')).toBe('NaN');
    expect(parse(700, '-Infinity')).toBe('-Infinity');
  });

  it('booleans, JSON documents; a JSON number that would round keeps its text', () => {
    expect(parse(16, 't')).toBe(true);
    expect(parse(16, 'f')).toBe(false);
    expect(parse(3802, '{"a": [1, "x"]}')).toEqual({ a: [1, 'x'] });
    expect(parse(114, '"text"')).toBe('text');
    expect(parse(3802, '12345678901234567890')).toBe('12345678901234567890');
    expect(parse(3802, '1e400')).toBe('1e400');
    expect(parse(3802, '2.5')).toBe(2.5);
  });

  it('dates, timestamps, intervals, uuids, arrays and bytea stay as PostgreSQL wrote them', () => {
    expect(parse(1184, '2026-11-26 07:01:49.123456+00')).toBe('2026-11-26 07:01:49.123456+00');
    expect(parse(1186, '1 day 02:00:00')).toBe('1 day 02:00:00');
    expect(parse(1007, '{1,2}')).toBe('{1,2}');
    expect(parse(17, '\\xdeadbeef')).toBe('\\xdeadbeef');
  });

  it('numbers repeated column names so that no cell is lost', () => {
    expect(uniqueColumnNames(['id', 'id', 'id_2', 'id'])).toEqual(['id', 'id_2', 'id_2_2', 'id_3']);
  });

  it('builds rows with own keys, __proto__ included', () => {
    const [row] = rowsAsObjects(['__proto__', 'a'], [[{ polluted: true }, null]]);
    expect(Object.keys(row)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(row))).toEqual(JSON.parse('{"__proto__":{"polluted":true},"a":null}'));
  });
});
