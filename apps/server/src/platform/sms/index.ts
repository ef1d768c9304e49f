import type { Config } from '../../config.js';
import type { DevOutbox } from '../outbox/dev-outbox.js';
import { createTwilioSmsSender } from './twilio.js';

export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  send(to: string, text: string): Promise<void>;
}

export function createSmsSender(config: Config, outbox: DevOutbox): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') return createTwilioSmsSender(config);
  return { kind: 'outbox', send: (to, text) => outbox.record({ channel: 'sms', recipient: to, body: text }) };
}
