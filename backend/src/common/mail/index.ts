export { MailModule } from './mail.module';
export { MailDeliveryError, Mailer } from './mailer';
export type { MailKind, OutgoingMail } from './mailer';
