import { MailStore } from './mail-store';

describe('MailStore', () => {
  const mail = (to: string, subject: string) => ({ to: [to], from: 'a@b.test', subject, text: '', date: new Date().toISOString() });

  it('keeps the newest messages first and drops the oldest beyond its limit', () => {
    const store = new MailStore(2);
    store.add(mail('x@y.test', 'one'));
    store.add(mail('x@y.test', 'two'));
    store.add(mail('x@y.test', 'three'));
    expect(store.list().map((m) => m.subject)).toEqual(['three', 'two']);
  });
});
