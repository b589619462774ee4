/**
 * The export rule of every table (issue 30 item 7): which keys of `data.json` (COLLECTORS in
 * data-export-records.ts) carry its rows, or why it is not exported. tests/integration/server/data-export-rules.test.ts
 * walks the database's tables and fails on one that has no rule here, so a new table cannot be forgotten.
 */
export type ExportRule = { exportedAs: readonly string[] } | { notExported: string };

export const TABLE_RULES: Record<string, ExportRule> = {
  users: { exportedAs: ['profile', 'account'] },
  refresh_tokens: { exportedAs: ['sessions', 'sessionTokens'] },
  totp_factors: { exportedAs: ['security'] },
  recovery_codes: { exportedAs: ['security'] },
  passkeys: { exportedAs: ['security'] },
  files: { exportedAs: ['files'] },
  calibrations: { exportedAs: ['calibrations'] },
  notifications: { exportedAs: ['notifications'] },
  push_subscriptions: { exportedAs: ['pushSubscriptions'] },
  uploads: { exportedAs: ['uploads'] },
  orders: { exportedAs: ['orders'] },
  analyses: { exportedAs: ['analyses'] },
  quote_requests: { exportedAs: ['quotes'] },
  signatures: { exportedAs: ['subscriptions'] },
  bills: { exportedAs: ['bills'] },
  payment_events: { exportedAs: ['payments'] },
  outgoing_mails: { exportedAs: ['mails'] },
  contact_messages: { exportedAs: ['contactMessages'] },
  audit_log: { exportedAs: ['auditEntries', 'analyses'] },
  data_exports: { exportedAs: ['dataExports'] },
  consents: { exportedAs: ['consents'] },
  spent_webauthn_challenges: { notExported: 'random WebAuthn challenges already answered, kept until they expire: about no person' },
  user_tokens: { notExported: 'single-use e-mail links, stored only as hashes and spent or expired within days; nothing a person can read' },
  idempotency_keys: { notExported: 'copies of answers already exported as the records they answered, kept 7 days to replay a retried request' },
  rate_limits: { notExported: 'hourly counters of attempts (sign-in, contact), keyed by a hash or an address, gone within the hour' },
  upload_cache: { notExported: "the object store's bookkeeping of unfinished uploads; the uploads themselves are exported" },
  settings: { notExported: "the server's own settings (signing keys, VAPID keys): about no person" },
  job_leases: { notExported: 'which server process runs a scheduled job: about no person' },
  isotopes: { notExported: 'the catalog: about no person' },
  services: { notExported: 'the catalog: about no person' },
  benefits: { notExported: 'the catalog: about no person' },
  plans: { notExported: 'the catalog: about no person' },
  plan_benefits: { notExported: 'the catalog: about no person' },
};
