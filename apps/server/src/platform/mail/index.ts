import type { Config } from '../../config.js';
import type { DevOutbox } from '../outbox/dev-outbox.js';
import { createSmtpMailer } from './smtp.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Config, outbox: DevOutbox): Mailer {
  if (config.MAIL_PROVIDER === 'smtp') return createSmtpMailer(config);
  return {
    kind: 'outbox',
    send: (mail) => outbox.record({ channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text }),
  };
}
