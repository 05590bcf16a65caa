import { ifNoneMatchHits, weakEtagOf } from './etag';

describe('weakEtagOf', () => {
  it('is a weak tag of the exact bytes: the same body gives the same tag, any change another', () => {
    const body = JSON.stringify({ queryRes: [{ drug_name: 'Lisinopril 10 MG Oral Tablet' }] });
    expect(weakEtagOf(body)).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtagOf(Buffer.from(body))).toBe(weakEtagOf(body));
    expect(weakEtagOf(body.replace('10', '20'))).not.toBe(weakEtagOf(body));
  });
});

describe('ifNoneMatchHits', () => {
  const etag = 'W/"abc"';

  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"x", W/"abc"', true],
    ['  "x" ,"abc"  ', true],
    ['*', true],
    ['W/"abcd"', false],
    ['"ab"', false],
    ['', false],
  ])('%p -> %p', (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });

  it('is a miss without the header', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
