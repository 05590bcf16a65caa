import { findHostileInput, hostileInputError, MAX_INPUT_DEPTH } from './hostile-input';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('findHostileInput', () => {
  it('names the field holding a NUL or an unpaired surrogate, at any depth and in arrays', () => {
    expect(findHostileInput({ profile: { city: 'a\u0000b' } })).toEqual({
      kind: 'text',
      error: { field: 'profile.city', message: 'profile.city contains a NUL character (U+0000), which is not allowed' },
    });
    expect(findHostileInput({ insurers: ['ok', '\ud800'] })).toMatchObject({ kind: 'text', error: { field: 'insurers.1' } });
    expect(findHostileInput({ note: '\udc00 low' })).toMatchObject({ kind: 'text', error: { field: 'note' } });
  });

  it('checks property names without echoing them', () => {
    const problem = findHostileInput({ outer: { ['bad\u0000name']: 1 } });
    expect(problem).toMatchObject({ kind: 'text', error: { field: 'outer' } });
    expect(JSON.stringify(problem)).not.toContain('bad');
  });

  it('accepts well-formed text: emoji (paired surrogates), accents, other control characters', () => {
    expect(findHostileInput({ name: 'Zoë 💊', note: 'tab\tnew\nline', list: [1, true, null] })).toBeUndefined();
  });

  it('refuses nesting beyond the limit without recursing, even 100,000 deep', () => {
    expect(findHostileInput(nested(MAX_INPUT_DEPTH - 1))).toBeUndefined();
    expect(findHostileInput(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ kind: 'depth' });
    expect(findHostileInput(nested(100_000))).toMatchObject({ kind: 'depth' });
  });

  it('builds a 400 with the part of the request it concerns', () => {
    expect(hostileInputError('query', { q: 'x\u0000' })).toMatchObject({
      status: 400,
      code: 'REQUEST.VALIDATION_FAILED',
      fieldErrors: [{ field: 'query.q' }],
    });
    expect(hostileInputError('body', nested(500))).toMatchObject({ status: 400, code: 'REQUEST.NESTING_TOO_DEEP' });
    expect(hostileInputError('params', { id: 'fine' })).toBeUndefined();
  });
});
