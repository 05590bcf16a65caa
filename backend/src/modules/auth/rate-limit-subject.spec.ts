import { addressSubject } from './rate-limit-subject';

describe('addressSubject', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    const subject = addressSubject('2001:db8:aa:bb::1');
    expect(subject).toBe('2001:db8:aa:bb::/64');
    expect(addressSubject('2001:0DB8:00aa:00bb:ffff:1234:5678:9abc')).toBe(subject);
    expect(addressSubject('2001:db8:aa:bb:1::2')).toBe(subject);
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('tells different /64s apart', () => {
    expect(addressSubject('2001:db8:aa:bc::1')).not.toBe(addressSubject('2001:db8:aa:bb::1'));
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 as is and counts an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressSubject('203.0.113.9')).toBe('203.0.113.9');
    expect(addressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressSubject('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('answers "unknown" without an address, and anything unparsable as given', () => {
    expect(addressSubject(null)).toBe('unknown');
    expect(addressSubject('')).toBe('unknown');
    expect(addressSubject('not-an-address')).toBe('not-an-address');
  });
});
