import { Signature } from '#shared/schemas/signatures.ts';
import { i18n } from '#app/lib/i18n.ts';
import { queuedEntityKinds } from '#app/lib/sync/queued-entity-kinds.ts';
import { signaturesPath } from '../api/signature-queries.ts';
import { signatureEntity } from './signature-store.ts';

/**
 * How `signature.create` (a checkout) travels: the kit's way, at `/users/{uid}/signatures/` with the client's
 * id; the server's subscription (201, or 200 for a replay) replaces the provisional one. Create-only.
 */
export function signatureKinds() {
  // The sync indicator describes queued checkouts with these texts.
  void i18n.loadNamespaces('signatures');
  return queuedEntityKinds(signatureEntity, {
    create: {
      path: ({ userId }) => signaturesPath(userId),
      answer: {
        wire: Signature,
        toRecord: (signature) => signature,
        serverFields: ['testPeriod', 'hiredPeriod', 'activated', 'paymentMethod', 'billFile', 'bill', 'statusPayment', 'statusCode', 'price', 'discount', 'benefits'],
      },
    },
    describe: (_action, { fields }) => i18n.t('signatures:sync.create', { plan: fields?.plan ?? '' }),
  });
}
