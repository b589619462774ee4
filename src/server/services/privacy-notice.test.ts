import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY, type S3Config } from '../config.ts';
import { privacyFacts, type PrivacySources } from './privacy-notice.ts';

const s3 = (region: string, endpoint: string | null = null): S3Config => ({
  bucket: 'uploads',
  region,
  endpoint,
  accessKeyId: 'AKIA-SECRET',
  secretAccessKey: 'very-secret',
  forcePathStyle: false,
  checksums: 'WHEN_REQUIRED',
});
const sources = (changes: Partial<PrivacySources>): PrivacySources => ({
  privacy: DEFAULT_PRIVACY,
  controller: { name: 'Dosimagem', cnpj: '42438610000111' },
  smtpUrl: null,
  paymentsProvider: 'sandbox',
  s3: null,
  ...changes,
});

describe('the processors the privacy notice names, from the running configuration', () => {
  it.each([
    ['no SMTP server: mail stays on our server', { smtpUrl: null }, { kind: 'mail', provider: null, region: null, abroad: false }],
    ['an SMTP server: its host only, never the credentials in its URL', { smtpUrl: 'smtps://user:p%40ss@smtp.mailer.example:465' }, { kind: 'mail', provider: 'smtp.mailer.example', region: null, abroad: false }],
    ['uploads on disk: no object store', { s3: null }, { kind: 'storage', provider: null, region: null, abroad: false }],
    ['Amazon S3 in São Paulo: in Brazil', { s3: s3('sa-east-1') }, { kind: 'storage', provider: 'Amazon S3', region: 'sa-east-1', abroad: false }],
    ['Amazon S3 in Virginia: an international transfer', { s3: s3('us-east-1') }, { kind: 'storage', provider: 'Amazon S3', region: 'us-east-1', abroad: true }],
    ['an S3-compatible endpoint: its host and region', { s3: s3('eu-central-1', 'https://s3.storage.example') }, { kind: 'storage', provider: 's3.storage.example', region: 'eu-central-1', abroad: true }],
  ] as const)('%s', (_, changes, expected) => {
    const facts = privacyFacts(sources(changes));
    expect(facts.processors.find((processor) => processor.kind === expected.kind)).toEqual(expected);
    expect(JSON.stringify(facts)).not.toMatch(/secret|p%40ss|user:/i);
  });

  it('names the controller, the encarregado and the versions in force', () => {
    expect(privacyFacts(sources({}))).toMatchObject({ controller: { name: 'Dosimagem' }, dpo: DEFAULT_PRIVACY.dpo, versions: DEFAULT_PRIVACY.documents });
  });
});
