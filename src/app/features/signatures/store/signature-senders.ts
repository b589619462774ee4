import { Signature } from '#shared/schemas/signatures.ts';
import { i18n } from '#app/lib/i18n.ts';
import { registerQueuedEntitySenders } from '#app/lib/sync/queued-entity-senders.ts';
import { signaturesPath } from '../api/signature-queries.ts';
import { signatureEntity } from './signature-store.ts';

/**
 * How `signature.create` (a checkout) travels: the kit's way, at `/users/{uid}/signatures/` with the client's
 * id; the server's subscription (201, or 200 for a replay) replaces the provisional one. Create-only.
 */
export function registerSignatureSenders() {
  // The sync indicator describes queued checkouts with these texts.
  void i18n.loadNamespaces('signatures');
  return registerQueuedEntitySenders(signatureEntity, {
    collectionPath: ({ userId }) => signaturesPath(userId),
    itemPath: ({ userId }, id) => `${signaturesPath(userId)}${id}/`,
    wire: Signature,
    toRecord: (signature) => signature,
    serverFields: ['testPeriod', 'hiredPeriod', 'activated', 'billFile', 'bill', 'statusPayment', 'statusCode', 'price', 'discount', 'benefits'],
    fetchOne: () => Promise.resolve({}),
    describe: (_action, { fields }) => i18n.t('signatures:sync.create', { plan: fields?.plan ?? '' }),
    afterDiscard: () => undefined,
  });
}
