import { z } from 'zod';

/** Issue 30 (LGPD): the documents a user accepts, the consent records, and the privacy notice's running facts. */

export const CONSENT_DOCUMENTS = ['terms', 'privacy'] as const;
export const ConsentDocument = z.enum(CONSENT_DOCUMENTS, 'validation.consentDocument');
export type ConsentDocument = z.infer<typeof ConsentDocument>;

/** A version is the date the document was published (YYYY-MM-DD). */
const Version = z.iso.date('validation.consentVersion');

/** Each document's version in force. */
export const DocumentVersions = z.object({ terms: Version, privacy: Version }).meta({ id: 'DocumentVersions' });
export type DocumentVersions = z.infer<typeof DocumentVersions>;

export const ConsentRecord = z
  .object({ document: ConsentDocument, version: Version, acceptedAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** The versions in force, those the user has yet to accept (writes answer 403 until then), and every acceptance, newest first. */
export const ConsentStatus = z
  .object({ current: DocumentVersions, pending: z.array(ConsentDocument), history: z.array(ConsentRecord) })
  .meta({ id: 'ConsentStatus' });
export type ConsentStatus = z.infer<typeof ConsentStatus>;

/** The versions the user read and accepts: each must be the one in force (409 when a newer one was published meanwhile). */
export const AcceptConsentsBody = z
  .strictObject({ accept: z.array(z.strictObject({ document: ConsentDocument, version: Version })).min(1, 'validation.required').max(CONSENT_DOCUMENTS.length) })
  .meta({ id: 'AcceptConsentsBody' });
export type AcceptConsentsBody = z.infer<typeof AcceptConsentsBody>;

/** Who processes data on the company's behalf: `provider` null means on the company's own server. */
export const Processor = z
  .object({
    kind: z.enum(['mail', 'payments', 'storage']),
    provider: z.string().nullable(),
    /** The object store's region, when it has one. */
    region: z.string().nullable(),
    /** Data leaves Brazil (LGPD art. 33): an object store whose region is not in Brazil. */
    abroad: z.boolean(),
  })
  .meta({ id: 'Processor' });
export type Processor = z.infer<typeof Processor>;

/** What the privacy notice takes from the running configuration. */
export const PrivacyFacts = z
  .object({
    controller: z.object({ name: z.string(), cnpj: z.string() }),
    dpo: z.object({ name: z.string(), email: z.string() }),
    versions: DocumentVersions,
    processors: z.array(Processor),
  })
  .meta({ id: 'PrivacyFacts' });
export type PrivacyFacts = z.infer<typeof PrivacyFacts>;
