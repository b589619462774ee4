import path from 'node:path';
import { z } from 'zod';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Illustrative, for development and tests: production sets USD_BRL_RATE (src/server/README.md "Decisions"). */
export const DEFAULT_USD_BRL_RATE = '5.50';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  STAFF_EMAIL: z.email().default('staff@dosehub.local'),
  DIST_DIR: z.string().default('dist'),
  SERVE_CLIENT: z.enum(['true', 'false']).default('true'),
  SECRET_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('DoseHub <no-reply@dosehub.local>'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(10_240).default(512),
  VAPID_PUBLIC_KEY: z.string().regex(BASE64URL).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(BASE64URL).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must start with mailto: or https://').optional(),
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['true', 'false']).default('false'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(2 * 1024 ** 3),
  UPLOAD_SWEEP_MINUTES: z.coerce.number().min(1).default(60),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(32).optional(),
  COMPANY_NAME: z.string().min(1).default('Dosimagem'),
  // BRL per USD for subscription boletos (a boleto is always in BRL): up to 4 decimals.
  USD_BRL_RATE: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be BRL per USD, e.g. 5.50').refine((rate) => Number(rate) > 0, 'must be above 0').default(DEFAULT_USD_BRL_RATE),
  COMPANY_CNPJ: z.string().regex(/^\d{14}$/, 'must be the 14 digits of a CNPJ').default('42438610000111'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_CHECKSUMS: z.enum(['when_required', 'when_supported']).default('when_required'),
  UPLOAD_ORPHAN_GRACE_MINUTES: z.coerce.number().min(1).default(60),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PostgreSQL when set; otherwise PGlite in `${dataDir}/db` (or in memory when `memory`), started from `image`, a
   * dump of a database, when given (tests: a migrated one, instead of initdb each time).
   */
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string | null; image?: Blob };
  logLevel: (typeof LOG_LEVELS)[number];
  staffEmail: string;
  /** The built client; null disables static serving (API-only, as in tests). */
  distDir: string | null;
  /** Largest accepted JSON body, bytes. */
  bodyLimit: number;
  /** Largest file in a multipart form, bytes (UPLOAD_LIMIT_MB). */
  uploadLimit: number;
  /** Signs session tokens; when absent one is generated once and kept in the database. */
  secretKey: string | null;
  /** SMTP connection URL; when absent mail is written to `${dataDir}/mail/`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin used in e-mailed links; when absent, the URL the server listens on (never a request's Host header). */
  publicUrl: string | null;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  // The settings below are optional so that a hand-built Config (tests, bench) gets the defaults.
  /** Milliseconds between heartbeat comments on an open events stream (default 25 000). */
  eventsHeartbeatMs?: number;
  /** VAPID key pair (base64url) from the environment; when absent one is generated once and kept in the database. */
  vapidKeys?: { publicKey: string; privateKey: string } | null;
  /** Contact sent to push services in the VAPID JWT (default `mailto:` + staffEmail). */
  vapidSubject?: string | null;
  /** Tests only: where the log's JSON lines go instead of stdout. */
  logStream?: { write(line: string): void } | null;
  /** Tests only: accept `http:` push endpoints (otherwise only `https:`, so nobody can aim pushes at internal HTTP services). */
  pushAllowInsecureEndpoints?: boolean;
  /** Longest wait before retrying a push (a 429's Retry-After, the 5xx backoff), milliseconds (default 60 000). */
  pushRetryMaxDelayMs?: number;
  /** Largest resumable upload, bytes (UPLOAD_MAX_BYTES, default 2 GiB). */
  uploadMaxBytes?: number;
  /** Milliseconds between sweeps of expired, unconsumed uploads (default one hour; also run on start). */
  uploadSweepMs?: number;
  /** Milliseconds between runs of the outgoing-mail retry job (default one minute; also run on start). */
  mailRetryMs?: number;
  /** Longest a request waits for its own mails before answering, milliseconds (default 5 000; the send goes on). */
  mailRequestWaitMs?: number;
  /** Milliseconds between runs of the subscriptions' lifecycle job (default one hour; also run on start). */
  signatureLifecycleMs?: number;
  /** How old an object in the upload store without a database row (a crash between the two) must be to be swept (default one hour). */
  uploadOrphanGraceMs?: number;
  /** Resumable uploads go to this S3-compatible bucket instead of `${dataDir}/uploads`. */
  s3?: S3Config | null;
  /** How bills are issued and paid (src/server/payments); default the sandbox, with a generated webhook secret. */
  payments?: PaymentsConfig;
}

export interface PaymentsConfig {
  provider: 'sandbox';
  /** Signs and checks webhook events; when absent one is generated once and kept in the database. */
  webhookSecret: string | null;
  /** The beneficiary printed on bills: the company. */
  beneficiary: { name: string; cnpj: string };
  /** BRL per USD (a decimal string, up to 4 places): a subscription's USD total becomes its boleto's BRL amount. */
  usdBrlRate?: string;
}

export const DEFAULT_PAYMENTS: PaymentsConfig = { provider: 'sandbox', webhookSecret: null, beneficiary: { name: 'Dosimagem', cnpj: '42438610000111' }, usdBrlRate: DEFAULT_USD_BRL_RATE };

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (S3_FORCE_PATH_STYLE; default: with S3_ENDPOINT). */
  forcePathStyle: boolean;
  /**
   * When the SDK adds integrity checksums (S3_CHECKSUMS): `WHEN_REQUIRED` (default) only where S3 requires one;
   * `WHEN_SUPPORTED`, the SDK's own default, streams every part as `aws-chunked` with a trailing CRC32 and no
   * Content-Length, which Ceph's RADOS Gateway and other S3-compatible stores refuse (411 MissingContentLength).
   */
  checksums: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED';
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    logLevel: e.LOG_LEVEL,
    staffEmail: e.STAFF_EMAIL,
    distDir: e.SERVE_CLIENT === 'true' ? path.resolve(e.DIST_DIR) : null,
    bodyLimit: DEFAULT_BODY_LIMIT,
    uploadLimit: e.UPLOAD_LIMIT_MB * 1024 * 1024,
    secretKey: e.SECRET_KEY ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: e.TRUST_PROXY === 'true',
    vapidKeys: vapidKeysOf(e),
    vapidSubject: e.VAPID_SUBJECT ?? null,
    pushAllowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS === 'true',
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadSweepMs: e.UPLOAD_SWEEP_MINUTES * 60_000,
    uploadOrphanGraceMs: e.UPLOAD_ORPHAN_GRACE_MINUTES * 60_000,
    s3: s3Of(e),
    payments: { provider: e.PAYMENTS_PROVIDER, webhookSecret: e.PAYMENTS_WEBHOOK_SECRET ?? null, beneficiary: { name: e.COMPANY_NAME, cnpj: e.COMPANY_CNPJ }, usdBrlRate: e.USD_BRL_RATE },
  };
}

/** S3 when S3_BUCKET is set; the region defaults to us-east-1 (most S3-compatible servers ignore it). */
function s3Of(e: z.infer<typeof EnvSchema>): S3Config | null {
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT ?? null,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    checksums: e.S3_CHECKSUMS === 'when_supported' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED',
  };
}

/** Both VAPID keys or neither. */
function vapidKeysOf(e: z.infer<typeof EnvSchema>): Config['vapidKeys'] {
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return null;
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
}
