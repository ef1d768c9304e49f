import { createECDH } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Whether the base64url P-256 private key belongs to the public one. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
}

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * A read replica of DATABASE_URL: search, public guide profiles and reference lists read
     * there; everything else, and whatever a caller just wrote, reads the primary.
     */
    DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url().optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SEED_REFERENCE: booleanString.default(true),
    /** On a database without guides, `npm start` seeds the demo marketplace (issue 5). */
    SEED_DEMO: booleanString.optional(),
    /**
     * Production only: allows the development and demo parts (outbox, sandbox payments, demo
     * seed, http PUBLIC_URL) for a public demo or staging site, which every page then announces.
     */
    DEMO_SITE: booleanString.default(false),
    /** The OpenAPI document and its UI at /api/docs; on by default except in production. */
    API_DOCS: booleanString.optional(),
    /** Bearer token Prometheus sends to /metrics; unset: /metrics is not routed. */
    METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    /** Believe X-Forwarded-For only behind a proxy that overwrites it; else per-IP limits are spoofable. */
    TRUST_PROXY: booleanString.default(false),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Marco <no-reply@marco.local>'),
    /** Staff inbox that receives the support contact form (issue 8). */
    SUPPORT_EMAIL: z.email().default('support@marco.local'),
    /** The seller printed on receipts (issue 19): its lines (legal name, address, tax number) separated by `|`. */
    RECEIPT_ISSUER: z.string().trim().min(1).max(500).default('Marco'),
    // Accounts (issue 3)
    /** Secure flag of the session cookie; 'auto' leaves it off only for plain http to localhost. */
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(2_592_000),
    /** Confidential OAuth clients of /connect/token: 'id:secret,id2:secret2' (Mobile needs no secret). */
    TOKEN_CLIENTS: z
      .string()
      .default('')
      .transform((value, context) => {
        const clients: Record<string, string> = {};
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const at = entry.indexOf(':');
          if (at < 1 || at === entry.length - 1) {
            context.addIssue({ code: 'custom', message: 'expected id:secret pairs separated by commas' });
            return z.NEVER;
          }
          clients[entry.slice(0, at)] = entry.slice(at + 1);
        }
        return clients;
      }),
    /** Comma-separated OAuth client ids whose Google ID tokens are accepted; the web client first (the web SDK uses it). */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
    /** Comma-separated Apple Services/Bundle ids accepted as the ID token audience; the web Services ID first. */
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
    APPLE_ISSUER: z.string().min(1).default('https://appleid.apple.com'),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    /** Files go to S3-compatible storage when set, else to DATA_DIR/files. */
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    // Guides (issue 4)
    /** Largest intro video accepted, in MiB (spec: 200). */
    GUIDE_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
    // Messaging and real time (issue 7)
    /** Redis for pub/sub and presence across instances; unset: in-process (one instance). */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_KEY_PREFIX: z.string().default('marco:'),
    /** A connection whose instance stops refreshing it (heartbeat every third of this) counts as gone. */
    PRESENCE_TTL_SECONDS: z.coerce.number().int().min(3).max(3600).default(45),
    /** How long a closed socket still counts as online, so a page reload never flickers offline. */
    PRESENCE_LINGER_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    CHAT_SEND_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Extra origins (comma-separated) allowed to open the WebSocket besides PUBLIC_URL and the request's own host. */
    WS_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      ),
    // Web Push (issue 19): all three or none; without them production sends no push and
    // other modes generate a pair in DATA_DIR.
    /** VAPID public key, base64url (65 bytes uncompressed P-256): `npx web-push generate-vapid-keys`. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
      .optional(),
    /** Who push services contact about Marco's pushes: mailto:… or https://… */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'mailto:address or https:// URL')
      .optional(),
    // Payments (issue 6)
    /** 'sandbox' (default): Marco's own test checkout page; 'stripe': Stripe Checkout. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Signing secret (whsec_...) of the Stripe webhook endpoint /api/app/stripe-payment-webhook-public. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Stripe's API (a stand-in in tests). */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    /**
     * How often the scheduler expires unanswered requests, completes tours and sends reminders
     * (at most this late); the multi-instance test shortens it to watch both instances race for a tick.
     */
    RESERVATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** The platform's share of each completed reservation, in percent. */
    PLATFORM_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(15),
    /**
     * The largest refund support may make on the reservation desk, in US cents; a refund in
     * another currency is compared at the rate in force. Above it the finance role is needed.
     */
    SUPPORT_REFUND_LIMIT_USD_MINOR: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
    // Payouts (issue 18 item 4, decision 025)
    /** Days after a tour is completed before its earning can be paid out. */
    PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    /** The smallest available balance paid out, per currency, in minor units. */
    PAYOUT_MINIMUM_EUR_MINOR: z.coerce.number().int().min(1).default(2_000),
    PAYOUT_MINIMUM_USD_MINOR: z.coerce.number().int().min(1).default(2_000),
    PAYOUT_MINIMUM_TRY_MINOR: z.coerce.number().int().min(1).default(50_000),
    /** The UTC weekday (0 Sunday … 6 Saturday) of the scheduled payout run. */
    PAYOUT_WEEKDAY: z.coerce.number().int().min(0).max(6).default(1),
    /** The platform's account the payouts leave from, named in the SEPA file (a test account by default: set all three in production). */
    PAYOUT_DEBTOR_NAME: z.string().trim().min(1).max(70).default('Marco Demo'),
    PAYOUT_DEBTOR_IBAN: z.string().trim().min(15).max(34).default('DE89370400440532013000'),
    PAYOUT_DEBTOR_BIC: z
      .string()
      .trim()
      .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a SWIFT/BIC of 8 or 11 characters')
      .default('COBADEFFXXX'),
    // Discovery (issue 5)
    /** Search answers kept in memory, each valid until what search reads changes; 0 turns it off. */
    SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  })
  .superRefine((config, context) => {
    if (config.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!config[name])
          context.addIssue({ code: 'custom', path: [name], message: 'required when SMS_PROVIDER=twilio' });
      }
    }
    if (Boolean(config.FACEBOOK_APP_ID) !== Boolean(config.FACEBOOK_APP_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: [config.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'],
        message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together',
      });
    }
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (config.PAYMENT_PROVIDER === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!config[name])
          context.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_PROVIDER=stripe' });
      }
    }
    if (config.DATABASE_READ_URL && !config.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'a replica of DATABASE_URL: set DATABASE_URL too (PGlite has no replicas)',
      });
    }
    const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
    const vapidMissing = vapid.filter((name) => !config[name]);
    if (vapidMissing.length > 0 && vapidMissing.length < vapid.length) {
      for (const name of vapidMissing) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together',
        });
      }
    }
    if (
      config.VAPID_PUBLIC_KEY &&
      config.VAPID_PRIVATE_KEY &&
      !isVapidPair(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'not the private key of VAPID_PUBLIC_KEY: push services would refuse every push',
      });
    }
    if (config.MAIL_PROVIDER === 'smtp' && !config.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_PROVIDER=smtp' });
    }
  });

type ParsedConfig = z.infer<typeof ConfigSchema>;

export type Config = Omit<ParsedConfig, 'DATA_DIR' | 'WEB_DIST_DIR' | 'PUBLIC_URL' | 'SEED_DEMO' | 'API_DOCS'> & {
  DATA_DIR: string;
  WEB_DIST_DIR: string;
  /** Where users reach Marco; links in messages start with it. */
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  API_DOCS: boolean;
};

/**
 * What production refuses unless DEMO_SITE=true: anything that would let a stranger read
 * another person's codes, mark a reservation paid without money, or sign in with a published
 * password. Each line names the setting and how to fix it.
 */
function productionProblems(config: ParsedConfig, publicUrl: string): string[] {
  const problems: string[] = [];
  const demoHint = 'or DEMO_SITE=true for a public demo or staging site';
  if (config.SMS_PROVIDER === 'outbox') {
    problems.push(
      `SMS_PROVIDER=outbox: codes would be readable in the dev outbox; set SMS_PROVIDER=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, ${demoHint}`,
    );
  }
  if (config.MAIL_PROVIDER === 'outbox') {
    problems.push(
      `MAIL_PROVIDER=outbox: e-mails would stay in the dev outbox; set MAIL_PROVIDER=smtp with SMTP_URL, ${demoHint}`,
    );
  }
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    problems.push(
      `PAYMENT_PROVIDER=sandbox: anyone could mark a reservation paid without money; set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, ${demoHint}`,
    );
  }
  if (!publicUrl.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL=${publicUrl}: production is served over https; set PUBLIC_URL=https://your.domain, ${demoHint}`,
    );
  }
  if (config.SEED_DEMO) {
    problems.push(`SEED_DEMO=true: the demo accounts have published passwords; remove SEED_DEMO, ${demoHint}`);
  }
  return problems;
}

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
  const data = parsed.data;
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, '');
  const isProduction = data.NODE_ENV === 'production';
  if (isProduction && !data.DEMO_SITE) {
    const problems = productionProblems(data, publicUrl);
    if (problems.length > 0) {
      throw new ConfigError(
        `Refusing to start in production (NODE_ENV=production):\n${problems.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }
  return {
    ...data,
    // Production seeds no demo marketplace (its accounts have published passwords) unless it is a demo site.
    SEED_DEMO: data.SEED_DEMO ?? (!isProduction || data.DEMO_SITE),
    API_DOCS: data.API_DOCS ?? !isProduction,
    DATA_DIR: path.resolve(data.DATA_DIR),
    WEB_DIST_DIR: path.resolve(data.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    PUBLIC_URL: publicUrl,
  };
}
