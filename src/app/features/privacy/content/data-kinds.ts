/**
 * The kinds of personal data DoseHub holds, each with its purpose, legal basis and retention as texts in
 * `locales/*\/privacy.json` (`kinds.<id>.*`). The public notice and the dashboard's privacy page show the same table;
 * docs/privacy.md is the same list per database table.
 */
export const DATA_KINDS = ['account', 'health', 'calibrations', 'billing', 'communications', 'security'] as const;
export type DataKind = (typeof DATA_KINDS)[number];
