import type { Config } from '../../config.js';
import { countingSendFailures, type Metrics } from '../metrics/index.js';
import type { DevOutbox } from '../outbox/dev-outbox.js';
import { createTwilioSmsSender } from './twilio.js';

export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  send(to: string, text: string): Promise<void>;
}

export function createSmsSender(config: Config, outbox: DevOutbox, metrics: Metrics): SmsSender {
  const sender: SmsSender =
    config.SMS_PROVIDER === 'twilio'
      ? createTwilioSmsSender(config)
      : { kind: 'outbox', send: (to, text) => outbox.record({ channel: 'sms', recipient: to, body: text }) };
  return { kind: sender.kind, send: countingSendFailures(metrics, 'sms', sender.kind, sender.send) };
}
