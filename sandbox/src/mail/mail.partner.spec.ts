import { createTransport } from 'nodemailer';
import { buildSandbox } from '../server';
import { createMailPartner } from './mail.partner';

describe('mail partner', () => {
  it('receives mail over SMTP and shows it as JSON and on the inbox page', async () => {
    const mail = createMailPartner(0, '127.0.0.1');
    const app = await buildSandbox([mail]);
    await app.ready();
    try {
      const transport = createTransport({ host: '127.0.0.1', port: mail.smtpPort(), secure: false, ignoreTLS: true });
      await transport.sendMail({
        from: 'HealthLink <no-reply@healthlink.test>',
        to: 'pat@example.com',
        subject: 'Your password reset code',
        text: 'Your code is AB12CD. It expires in 10 minutes. <script>',
      });

      const all = (await app.inject({ method: 'GET', url: '/mail/messages' })).json();
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({
        to: 'pat@example.com',
        from: 'no-reply@healthlink.test',
        subject: 'Your password reset code',
        text: expect.stringContaining('AB12CD'),
      });
      expect(Number.isNaN(Date.parse(all[0].date))).toBe(false);

      expect((await app.inject({ method: 'GET', url: '/mail/messages?to=PAT@Example.com' })).json()).toHaveLength(1);
      expect((await app.inject({ method: 'GET', url: '/mail/messages?to=someone@else.com' })).json()).toHaveLength(0);

      const page = await app.inject({ method: 'GET', url: '/mail' });
      expect(page.body).toContain('Your password reset code');
      expect(page.body).toContain('AB12CD');
      expect(page.body).not.toContain('<script>');

      expect((await app.inject({ method: 'DELETE', url: '/mail/messages' })).statusCode).toBe(204);
      expect((await app.inject({ method: 'GET', url: '/mail/messages' })).json()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
