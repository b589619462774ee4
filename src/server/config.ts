import path from 'node:path';
import { z } from 'zod';
import type { MetricsServerOptions } from './metrics/server.ts';
import type { SecretsKeys } from './services/secret-box.ts';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Illustrative, for development and tests: production sets USD_BRL_RATE (src/server/README.md "Decisions"). */
export const DEFAULT_USD_BRL_RATE = '5.50';
/**
 * Issue 30: the versions in force of the terms of use and of the privacy notice (each the date it was published: a
 * newer date asks every user to accept it at their next sign-in), and the encarregado (LGPD art. 41). The DPO
 * defaults are placeholders, clearly fictitious: production sets DPO_NAME and DPO_EMAIL.
 */
export const DEFAULT_PRIVACY: PrivacyConfig = {
  documents: { terms: '2026-11-28', privacy: '2026-11-28' },
  dpo: { name: 'Encarregado Exemplo', email: 'privacidade@dosehub.example' },
};
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function isKey32(value: string): boolean {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim()) && Buffer.from(value.trim(), 'base64').length === 32;
}

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
  // The merchant city of PIX codes (field 60 of the BR Code: 15 characters, accents dropped).
  COMPANY_CITY: z.string().min(1).default('São Paulo'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_CHECKSUMS: z.enum(['when_required', 'when_supported']).default('when_required'),
  UPLOAD_ORPHAN_GRACE_MINUTES: z.coerce.number().min(1).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
  // Issue 30: the published versions (their dates) of the terms of use and the privacy notice, and the encarregado.
  TERMS_VERSION: z.iso.date('must be the date of the version, YYYY-MM-DD').default(DEFAULT_PRIVACY.documents.terms),
  PRIVACY_VERSION: z.iso.date('must be the date of the version, YYYY-MM-DD').default(DEFAULT_PRIVACY.documents.privacy),
  DPO_NAME: z.string().trim().min(1).default(DEFAULT_PRIVACY.dpo.name),
  DPO_EMAIL: z.email().default(DEFAULT_PRIVACY.dpo.email),
  FISCAL_RETENTION_YEARS: z.coerce.number().int().min(1).max(50).default(5),
  AUDIT_LOG_RETENTION_YEARS: z.coerce.number().int().min(1).max(50).default(5),
  NODE_ENV: z.string().optional(),
  // 32 random bytes, base64 (`openssl rand -base64 32`): seals the authenticator secrets (services/secret-box.ts).
  SECRETS_KEY: z.string().refine(isKey32, 'must be 32 bytes in base64 (openssl rand -base64 32)').optional(),
  // Comma-separated: keys that only open, during a rotation.
  SECRETS_KEY_PREVIOUS: z.string().refine((keys) => keys.split(',').every(isKey32), 'must be keys of 32 bytes in base64, comma-separated').optional(),
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
  /** Milliseconds between runs of the subscriptions' lifecycle job (default one hour; also run on start). */
  subscriptionLifecycleMs?: number;
  /** How old an object in the upload store without a database row (a crash between the two) must be to be swept (default one hour). */
  uploadOrphanGraceMs?: number;
  /** Resumable uploads go to this S3-compatible bucket instead of `${dataDir}/uploads`. */
  s3?: S3Config | null;
  /** How bills are issued and paid (src/server/payments); default the sandbox, with a generated webhook secret. */
  payments?: PaymentsConfig;
  /** How long a stopping process lets the requests in flight finish before cutting their connections (SHUTDOWN_GRACE_SECONDS; default 10 s). */
  shutdownGraceMs?: number;
  /** Prometheus metrics on a port of their own (METRICS_PORT; src/server/metrics); absent or null: not served. */
  metrics?: MetricsServerOptions | null;
  /** Deleted accounts (issue 30, docs/account-deletion.md): how long kept bills and audit entries stay; default 5 years each. */
  retention?: RetentionConfig;
  /** Versions in force of the terms and the privacy notice, and the encarregado (default DEFAULT_PRIVACY). */
  privacy?: PrivacyConfig;
  /** SECRETS_KEY (and SECRETS_KEY_PREVIOUS): seal stored secrets; absent, a development key (refused in production). */
  secretsKeys?: SecretsKeys | null;
}

export interface PrivacyConfig {
  /** Each document's version in force: the date it was published (YYYY-MM-DD). */
  documents: { terms: string; privacy: string };
  dpo: { name: string; email: string };
}

export interface RetentionConfig {
  /** FISCAL_RETENTION_YEARS: a deleted account's bills, payments and the orders they pay, counted from the deletion. */
  fiscalYears: number;
  /** AUDIT_LOG_RETENTION_YEARS: every audit log entry, counted from its date. */
  auditLogYears: number;
}

export const DEFAULT_RETENTION: RetentionConfig = { fiscalYears: 5, auditLogYears: 5 };

export interface PaymentsConfig {
  provider: 'sandbox';
  /** Signs and checks webhook events; when absent one is generated once and kept in the database. */
  webhookSecret: string | null;
  /** The beneficiary printed on bills: the company. */
  beneficiary: { name: string; cnpj: string; city?: string };
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
    metrics: metricsOf(e),
    secretsKeys: secretsKeysOf(e),
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    privacy: { documents: { terms: e.TERMS_VERSION, privacy: e.PRIVACY_VERSION }, dpo: { name: e.DPO_NAME, email: e.DPO_EMAIL } },
    retention: { fiscalYears: e.FISCAL_RETENTION_YEARS, auditLogYears: e.AUDIT_LOG_RETENTION_YEARS },
    payments: { provider: e.PAYMENTS_PROVIDER, webhookSecret: e.PAYMENTS_WEBHOOK_SECRET ?? null, beneficiary: { name: e.COMPANY_NAME, cnpj: e.COMPANY_CNPJ, city: e.COMPANY_CITY }, usdBrlRate: e.USD_BRL_RATE },
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

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Off unless METRICS_PORT is set; on an interface other than loopback only behind METRICS_TOKEN. */
function metricsOf(e: z.infer<typeof EnvSchema>): MetricsServerOptions | null {
  if (e.METRICS_PORT === undefined) return null;
  if (!LOOPBACK.has(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    throw new Error(`Invalid environment: METRICS_HOST ${e.METRICS_HOST} is not loopback, so METRICS_TOKEN (16 characters or more) must be set`);
  }
  return { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null };
}

/** SECRETS_KEY is required in production (NODE_ENV=production); elsewhere a development key stands in. */
function secretsKeysOf(e: z.infer<typeof EnvSchema>): SecretsKeys | null {
  if (!e.SECRETS_KEY) {
    if (e.NODE_ENV === 'production') {
      throw new Error('Invalid environment: SECRETS_KEY must be set in production (32 bytes in base64: openssl rand -base64 32; docs/deployment.md)');
    }
    return null;
  }
  const key = (value: string) => Buffer.from(value.trim(), 'base64');
  return { current: key(e.SECRETS_KEY), previous: e.SECRETS_KEY_PREVIOUS ? e.SECRETS_KEY_PREVIOUS.split(',').map(key) : [] };
}

/** Both VAPID keys or neither. */
function vapidKeysOf(e: z.infer<typeof EnvSchema>): Config['vapidKeys'] {
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return null;
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
}
