import { formatPhone, ProviderDirectory } from './provider-directory';

const person = (npi: string, last: string, first: string, state: string, extra: Record<string, string> = {}) => ({
  npi,
  entity_type_code: '1',
  organization_name: '',
  last_name: last,
  first_name: first,
  middle_name: '',
  name_prefix: '',
  name_suffix: '',
  credential: 'M.D.',
  practice_address_1: '3501 JOHNSON ST',
  practice_address_2: '',
  practice_city: 'HOLLYWOOD',
  practice_state: state,
  practice_zip5: '33021',
  practice_phone: '9549872000',
  primary_taxonomy_code: '2085R0202X',
  ...extra,
});

describe('ProviderDirectory', () => {
  const directory = ProviderDirectory.of([
    person('1000000001', 'GOLDBERG', 'LESTER', 'FL', { name_prefix: 'DR.', practice_address_2: 'SUITE 209' }),
    person('1000000002', 'SMITH', 'GOLDIE', 'TX'),
    person('1000000003', 'GOLDEN', 'ANN', 'TX'),
    person('1000000004', 'GOLD', 'MARY', 'TX', { practice_phone: '12' }),
    {
      ...person('1000000005', '', '', 'NC', { credential: '' }),
      entity_type_code: '2',
      organization_name: 'GOLDEN VISION ASSOCIATES, PC',
    },
  ]);

  it('matches name words by prefix, case-insensitive, the last name and whole words first', () => {
    expect(directory.search('gold').map((p) => p.npi)).toEqual(['1000000004', '1000000003', '1000000005', '1000000001', '1000000002']);
    expect(directory.search('Gold').map((p) => p.displayName)).toContain('Lester Goldberg');
    expect(directory.search('lester gold').map((p) => p.npi)).toEqual(['1000000001']);
    expect(directory.search('GOLDEN vision').map((p) => p.npi)).toEqual(['1000000005']);
  });

  it('narrows to a state and answers nothing for an empty or unmatched query', () => {
    expect(directory.search('gold', { state: 'tx' }).map((p) => p.npi)).toEqual(['1000000004', '1000000003', '1000000002']);
    expect(directory.search('')).toEqual([]);
    expect(directory.search('%_*')).toEqual([]);
    expect(directory.search('zzz')).toEqual([]);
    expect(directory.search('gold', { limit: 2 })).toHaveLength(2);
  });

  it('shows a display name, credential, address, phone and taxonomy code', () => {
    expect(directory.search('goldberg')[0]).toEqual({
      npi: '1000000001',
      kind: 'individual',
      displayName: 'Lester Goldberg',
      credential: 'M.D.',
      address: '3501 Johnson St Suite 209, Hollywood, FL 33021',
      state: 'FL',
      zip: '33021',
      phone: '(954) 987-2000',
      taxonomyCode: '2085R0202X',
    });
    expect(directory.search('golden vision')[0]).toMatchObject({
      kind: 'organization',
      displayName: 'GOLDEN VISION ASSOCIATES, PC',
      credential: null,
    });
    expect(directory.search('mary')[0]!.phone).toBeNull();
    expect(formatPhone('1-800-328-2666')).toBe('(800) 328-2666');
  });

  it('loads all 921 providers of the repo sample', () => {
    const real = ProviderDirectory.load();
    expect(real.size).toBe(921);
    expect(real.search('wiebe', { state: 'NE' })[0]).toMatchObject({ npi: '1679576722', displayName: 'David A Wiebe', credential: 'M.D.' });
  });
});
