import { ageIn, checkEligibility, memberSexOf, parseAgeLimit } from './eligibility';

describe('parseAgeLimit', () => {
  it.each([
    ['18 Years', { value: 18, unit: 'years' }],
    ['1 Year', { value: 1, unit: 'years' }],
    ['6 Months', { value: 6, unit: 'months' }],
    ['2 Weeks', { value: 2, unit: 'weeks' }],
    ['30 days', { value: 30, unit: 'days' }],
  ])('%s', (text, expected) => {
    expect(parseAgeLimit(text)).toMatchObject(expected);
  });

  it.each([[undefined], [null], [''], ['N/A'], ['eighteen years'], ['18']])('%s is no limit', (text) => {
    expect(parseAgeLimit(text)).toBeNull();
  });
});

describe('ageIn', () => {
  it('counts completed units up to the day', () => {
    expect(ageIn('years', '1970-06-15', '2025-06-14')).toBe(54);
    expect(ageIn('years', '1970-06-15', '2025-06-15')).toBe(55);
    expect(ageIn('months', '2025-01-20', '2025-07-19')).toBe(5);
    expect(ageIn('months', '2025-01-20', '2025-07-20')).toBe(6);
    expect(ageIn('weeks', '2025-01-01', '2025-01-15')).toBe(2);
    expect(ageIn('days', '2024-02-28', '2024-03-01')).toBe(2);
  });
});

describe('checkEligibility', () => {
  const today = '2025-11-26';
  const member = { birthdate: '1970-06-15', sex: 'female' as const };

  it('admits a member inside an inclusive age range and of any sex, and says what was checked', () => {
    const outcome = checkEligibility(
      { minimumAge: '18 Years', maximumAge: '55 Years', sex: 'ALL', healthyVolunteers: false },
      member,
      today,
    );
    expect(outcome.admitted).toBe(true);
    expect(outcome.checks).toEqual([
      { criterion: 'age', label: 'Age', trialValue: '18 Years to 55 Years', memberValue: '55 years', outcome: 'meets' },
      { criterion: 'sex', label: 'Sex', trialValue: 'All', memberValue: 'Female', outcome: 'meets' },
      expect.objectContaining({ criterion: 'healthyVolunteers', trialValue: 'Only people with the condition', outcome: 'note' }),
    ]);
  });

  it.each([[{ minimumAge: '56 Years' }], [{ maximumAge: '54 Years' }], [{ maximumAge: '600 Months' }], [{ sex: 'MALE' }]])(
    'excludes on %p',
    (study) => {
      expect(checkEligibility(study, member, today).admitted).toBe(false);
    },
  );

  it('admits on limits in other units and on absent limits (not stated)', () => {
    expect(checkEligibility({ minimumAge: '6 Months', maximumAge: '700 Months' }, member, today).admitted).toBe(true);
    const none = checkEligibility({}, member, today);
    expect(none.admitted).toBe(true);
    expect(none.checks.slice(0, 2)).toEqual([
      expect.objectContaining({ criterion: 'age', trialValue: 'Not stated', outcome: 'not-stated' }),
      expect.objectContaining({ criterion: 'sex', trialValue: 'Not stated', outcome: 'not-stated' }),
    ]);
  });

  it('keeps a study it cannot check (no birthdate or sex in the profile) and says what to add', () => {
    const outcome = checkEligibility({ minimumAge: '18 Years', sex: 'FEMALE' }, { birthdate: null, sex: null }, today);
    expect(outcome.admitted).toBe(true);
    expect(outcome.checks.slice(0, 2)).toEqual([
      expect.objectContaining({
        criterion: 'age',
        trialValue: '18 Years and older',
        memberValue: 'Add your birthdate in your profile',
        outcome: 'not-checked',
      }),
      expect.objectContaining({
        criterion: 'sex',
        trialValue: 'Female',
        memberValue: 'Add your sex in your profile',
        outcome: 'not-checked',
      }),
    ]);
  });

  it('reads profile genders', () => {
    expect([memberSexOf('female'), memberSexOf('MALE'), memberSexOf('other'), memberSexOf(null)]).toEqual(['female', 'male', null, null]);
  });
});
