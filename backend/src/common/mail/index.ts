export { MailModule } from './mail.module';
export { Mailer } from './mailer';
export type { OutgoingMail } from './mailer';
