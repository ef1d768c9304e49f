import path from 'node:path';
import { z } from 'zod';

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url().optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SEED_REFERENCE: booleanString.default(true),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Marco <no-reply@marco.local>'),
  })
  .superRefine((config, context) => {
    if (config.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!config[name])
          context.addIssue({ code: 'custom', path: [name], message: 'required when SMS_PROVIDER=twilio' });
      }
    }
    if (config.MAIL_PROVIDER === 'smtp' && !config.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_PROVIDER=smtp' });
    }
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DATA_DIR' | 'WEB_DIST_DIR' | 'PUBLIC_URL'> & {
  DATA_DIR: string;
  WEB_DIST_DIR: string;
  /** Where users reach Marco; links in messages start with it. */
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

/** Reads the environment once; every bad variable is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    WEB_DIST_DIR: path.resolve(parsed.data.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    PUBLIC_URL: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
  };
}
