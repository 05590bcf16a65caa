import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SandboxPartner } from '../partner';
import { MailStore, type StoredMail } from './mail-store';
import { renderInbox } from './inbox-page';

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);

/**
 * E-mail: an SMTP server (no auth, no TLS: loopback only) that keeps what it receives, with a JSON
 * API (`GET /mail/messages`) and an inbox page (`/mail`) so a developer can read reset codes and
 * contact copies.
 */
export function createMailPartner(
  smtpPort: number,
  host: string,
  store = new MailStore(),
): SandboxPartner & { store: MailStore; smtpPort(): number } {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          store.add({
            to: envelopeTo.length ? envelopeTo : addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? envelopeFrom,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  let boundPort = smtpPort;

  return {
    prefix: '/mail',
    description: `e-mail: SMTP on port ${smtpPort}, inbox at /mail, JSON at /mail/messages`,
    store,
    smtpPort: () => boundPort,
    async register(app: FastifyInstance) {
      const toJson = ({ to, from, subject, text, date }: StoredMail) => ({ to: to.join(', '), from, subject, text, date });
      app.get<{ Querystring: { to?: string } }>('/messages', async (req) => store.list(req.query.to).map(toJson));
      app.delete('/messages', async (_req, reply) => {
        store.clear();
        return reply.code(204).send();
      });
      app.get<{ Querystring: { to?: string } }>('/', async (req, reply) => {
        reply.type('text/html; charset=utf-8');
        return renderInbox(store.list(req.query.to), req.query.to);
      });
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(smtpPort, host, () => {
          const address = smtp.server.address();
          if (address && typeof address === 'object') boundPort = address.port;
          resolve();
        });
      }),
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
