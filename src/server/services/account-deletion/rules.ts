/**
 * What deleting an account does to each table (issue 30, docs/account-deletion.md). Every table of the database
 * has a rule here: `tests/integration/server/account-deletion-rules.test.ts` walks the schema and fails on a table
 * without one, and on a table that refers to a user (a foreign key to `users`, or a user's id, e-mail or name in
 * a column) whose rule says it holds nothing personal. A new table is added here, and to `erase.ts` when it
 * holds someone's data.
 */

export type DeletionRule =
  /** The user's rows are deleted (and their stored bytes, after commit). */
  | { action: 'erase'; what: string }
  /** Kept, with the person replaced by the pseudonymous users row, until the retention job removes it. */
  | { action: 'keep'; what: string; why: string; retention: RetentionSetting }
  /** Nothing in it is about a person. */
  | { action: 'none'; why: string };

/** The setting that says how long a kept record stays (config.ts, docs/account-deletion.md). */
export type RetentionSetting = 'FISCAL_RETENTION_YEARS' | 'AUDIT_LOG_RETENTION_YEARS';

const catalog = (what: string): DeletionRule => ({ action: 'none', why: `the catalog (${what}), the same for everyone` });

export const DELETION_RULES: Record<string, DeletionRule> = {
  isotopes: catalog('isotopes'),
  services: catalog('services'),
  benefits: catalog('benefits'),
  plans: catalog('plans'),
  plan_benefits: catalog("plans' benefits"),
  settings: { action: 'none', why: "the server's own keys and settings" },
  job_leases: { action: 'none', why: 'which process runs a scheduled job' },
  users: {
    action: 'keep',
    what: 'the row only, as `deleted-user-<random>`: profile fields, e-mail, password hash and language erased',
    why: 'the kept bills, orders and audit entries refer to it; removed with the last of them',
    retention: 'FISCAL_RETENTION_YEARS',
  },
  refresh_tokens: { action: 'erase', what: 'every session (signed-in device, address, user agent): a replayed refresh token fails' },
  totp_factors: { action: 'erase', what: 'the authenticator app' },
  recovery_codes: { action: 'erase', what: 'recovery codes' },
  passkeys: { action: 'erase', what: 'passkeys' },
  spent_webauthn_challenges: { action: 'none', why: 'random WebAuthn challenges already answered, kept until they expire; they name no one' },
  consents: { action: 'erase', what: 'the versions of the terms and the privacy notice accepted, with the address and browser of each acceptance' },
  data_exports: { action: 'erase', what: '"download my data" requests and their zips in the upload store' },
  user_tokens: { action: 'erase', what: 'e-mailed links not yet used' },
  push_subscriptions: { action: 'erase', what: "the browsers' Web Push subscriptions" },
  notifications: { action: 'erase', what: 'in-app notifications' },
  idempotency_keys: { action: 'erase', what: "stored answers of the user's requests (scope `u:<id>`)" },
  rate_limits: { action: 'erase', what: "counters named by the user's e-mail or id" },
  files: { action: 'erase', what: 'every file row and its bytes (calibration and analysis images, reports, bill PDFs)' },
  uploads: { action: 'erase', what: 'resumable uploads, finished or not, and their bytes in the upload store (disk or S3)' },
  upload_cache: { action: 'erase', what: "the S3 metadata cache of the user's uploads" },
  calibrations: { action: 'erase', what: 'calibrations' },
  analyses: { action: 'erase', what: 'analyses, whatever their status (one being processed is cancelled)' },
  quote_requests: { action: 'erase', what: 'quote requests' },
  contact_messages: { action: 'erase', what: "contact messages sent with the account's e-mail" },
  outgoing_mails: { action: 'erase', what: "mails to, from or naming the account's e-mail, sent or not" },
  orders: {
    action: 'keep',
    what: 'orders a bill was issued for (service, quantity, price, code); the others are erased',
    why: 'art. 16 I LGPD: the fiscal record of what was billed',
    retention: 'FISCAL_RETENTION_YEARS',
  },
  signatures: {
    action: 'keep',
    what: 'subscriptions a bill was issued for, deactivated; the others are erased',
    why: 'art. 16 I LGPD: the fiscal record of what was billed',
    retention: 'FISCAL_RETENTION_YEARS',
  },
  bills: {
    action: 'keep',
    what: "bills (amount, due date, line, the payer's CPF/CNPJ, status); their PDF and the payer's name it printed are erased",
    why: 'art. 16 I LGPD and the tax law: issued bills are kept for the fiscal period',
    retention: 'FISCAL_RETENTION_YEARS',
  },
  payment_events: {
    action: 'keep',
    what: "the payment provider's confirmations of the kept bills",
    why: 'art. 16 I LGPD: the proof of payment of a kept bill',
    retention: 'FISCAL_RETENTION_YEARS',
  },
  audit_log: {
    action: 'keep',
    what: "staff actions on the user's records, naming the user only by the pseudonymous row's id",
    why: 'art. 16 I and art. 37 LGPD: the record of who at the company did what with personal data',
    retention: 'AUDIT_LOG_RETENTION_YEARS',
  },
};
