import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Mailer } from './index.js';

export function createSmtpMailer(config: Config): Mailer {
  if (!config.SMTP_URL) throw new Error('SMTP mail needs SMTP_URL');
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
      });
    },
  };
}
