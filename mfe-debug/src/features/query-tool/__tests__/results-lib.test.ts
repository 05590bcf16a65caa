import { columnWidthsFor } from '../lib/column-widths';
import { displayCell } from '../lib/cell-display';
import { defaultQueryFor } from '../lib/default-query';
import { nextSort, sortRows } from '../lib/sort-rows';

describe('displayCell', () => {
  it('pretty-prints objects and JSON text, two spaces deep', () => {
    expect(displayCell({ a: 1, b: [true] })).toEqual({ kind: 'json', text: '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}' });
    expect(displayCell('{"status":503}')).toEqual({ kind: 'json', text: '{\n  "status": 503\n}' });
    expect(displayCell('[1,2]')).toEqual({ kind: 'json', text: '[\n  1,\n  2\n]' });
  });

  it('shows escaped newlines as line breaks, in text and inside JSON', () => {
    expect(displayCell('Error: boom\\n    at run (a.ts:1)')).toEqual({ kind: 'text', text: 'Error: boom\n    at run (a.ts:1)' });
    expect(displayCell({ stack: 'a\nb' }).text).toBe('{\n  "stack": "a\nb"\n}');
  });

  it('leaves text that only looks like JSON, numbers and booleans as they are, and says NULL', () => {
    expect(displayCell('{not json')).toEqual({ kind: 'text', text: '{not json' });
    expect(displayCell('"quoted"')).toEqual({ kind: 'text', text: '"quoted"' });
    expect(displayCell(42)).toEqual({ kind: 'text', text: '42' });
    expect(displayCell(false)).toEqual({ kind: 'text', text: 'false' });
    expect(displayCell(null)).toEqual({ kind: 'null', text: 'NULL' });
  });
});

describe('sorting', () => {
  const rows = [
    { id: 1, name: 'b', big: '10', at: null },
    { id: 2, name: 'A', big: '9', at: '2026-11-25T10:00:00.000Z' },
    { id: 3, name: 'c', big: '100', at: '2026-11-24T10:00:00.000Z' },
  ];
  const ids = (sorted: typeof rows) => sorted.map((row) => row.id);

  it('a header sorts ascending, the same header again descending, another header ascending again', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ column: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort(second, 'id')).toEqual({ column: 'id', direction: 'asc' });
  });

  it('compares text without regard to case and numbers inside text as numbers', () => {
    expect(ids(sortRows(rows, { column: 'name', direction: 'asc' }))).toEqual([2, 1, 3]);
    expect(ids(sortRows(rows, { column: 'big', direction: 'asc' }))).toEqual([2, 1, 3]);
    expect(ids(sortRows(rows, { column: 'id', direction: 'desc' }))).toEqual([3, 2, 1]);
  });

  it('puts NULLs last in either direction and keeps the database order without a sort', () => {
    expect(ids(sortRows(rows, { column: 'at', direction: 'asc' }))).toEqual([3, 2, 1]);
    expect(ids(sortRows(rows, { column: 'at', direction: 'desc' }))).toEqual([2, 3, 1]);
    expect(ids(sortRows(rows, null))).toEqual([1, 2, 3]);
  });
});

describe('defaults and widths by path', () => {
  it('starts each path with the spec query', () => {
    expect(defaultQueryFor('/errors')).toBe(
      "SELECT * FROM errors WHERE created_at > NOW() - INTERVAL '24 hours' ORDER BY created_at DESC, id DESC;",
    );
    expect(defaultQueryFor('/ndcPackages')).toBe('SELECT * FROM ndc_packages LIMIT 10;');
    expect(defaultQueryFor('/ndcProducts')).toBe('SELECT * FROM ndc_products LIMIT 10;');
    expect(defaultQueryFor('/ndcLookup')).toBe('SELECT * FROM ndc_products LIMIT 10;');
  });

  it('gives the errors table its preset widths, error_details 60%, and no other table any', () => {
    const columns = ['id', 'created_at', 'user_id', 'insurer_name', 'host', 'error_type', 'error_details'];
    const widths = columnWidthsFor('/errors', columns)!;
    expect(widths[6]).toBe('60%');
    expect(widths.reduce((sum, width) => sum + parseFloat(width!), 0)).toBe(100);
    expect(columnWidthsFor('/errors', ['error_type', 'count'])).toEqual(['5%', null]);
    expect(columnWidthsFor('/errors', ['count'])).toBeNull();
    expect(columnWidthsFor('/ndcProducts', columns)).toBeNull();
  });
});
