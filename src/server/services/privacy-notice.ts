import type { PrivacyFacts, Processor } from '#shared/schemas/privacy.ts';
import type { PrivacyConfig, S3Config } from '../config.ts';

/** What the privacy notice needs from the running configuration (issue 30). */
export interface PrivacySources {
  privacy: PrivacyConfig;
  controller: { name: string; cnpj: string };
  smtpUrl: string | null;
  paymentsProvider: string;
  s3: S3Config | null;
}

/** Amazon's regions in Brazil; any other region of an object store keeps data abroad (LGPD art. 33). */
const BRAZIL_REGION = /^sa-east-/;

/** The SMTP server's host only: the URL may carry credentials, which the notice must never show. */
function mailHost(smtpUrl: string | null): string | null {
  if (!smtpUrl) return null;
  try {
    return new URL(smtpUrl).hostname || null;
  } catch {
    return null;
  }
}

function storageProcessor(s3: S3Config | null): Processor {
  if (!s3) return { kind: 'storage', provider: null, region: null, abroad: false };
  const provider = s3.endpoint ? new URL(s3.endpoint).hostname : 'Amazon S3';
  return { kind: 'storage', provider, region: s3.region, abroad: !BRAZIL_REGION.test(s3.region) };
}

/** The controller, the encarregado, the versions in force and who processes data on the company's behalf. */
export function privacyFacts(sources: PrivacySources): PrivacyFacts {
  return {
    controller: sources.controller,
    dpo: sources.privacy.dpo,
    versions: sources.privacy.documents,
    processors: [
      { kind: 'mail', provider: mailHost(sources.smtpUrl), region: null, abroad: false },
      { kind: 'payments', provider: sources.paymentsProvider, region: null, abroad: false },
      storageProcessor(sources.s3),
    ],
  };
}
