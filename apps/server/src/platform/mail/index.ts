import type { Config } from '../../config.js';
import { countingSendFailures, type Metrics } from '../metrics/index.js';
import type { DevOutbox } from '../outbox/dev-outbox.js';
import { createSmtpMailer } from './smtp.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Config, outbox: DevOutbox, metrics: Metrics): Mailer {
  const mailer: Mailer =
    config.MAIL_PROVIDER === 'smtp'
      ? createSmtpMailer(config)
      : {
          kind: 'outbox',
          send: (mail) =>
            outbox.record({
              channel: 'email',
              recipient: mail.to,
              subject: mail.subject,
              body: mail.text,
              attachments: mail.attachments,
            }),
        };
  return { kind: mailer.kind, send: countingSendFailures(metrics, 'email', mailer.kind, mailer.send) };
}
