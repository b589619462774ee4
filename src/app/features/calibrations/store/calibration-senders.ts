import type { QueryClient } from '@tanstack/react-query';
import { Calibration } from '#shared/schemas/calibrations.ts';
import { i18n } from '#app/lib/i18n.ts';
import { isotopesQuery } from '#app/lib/isotopes.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from '#app/lib/session.ts';
import { queuedEntityKinds, type ItemCapability } from '#app/lib/sync/queued-entity-kinds.ts';
import {
  CALIBRATION_ISOTOPES,
  calibrationKeys,
  calibrationPath,
  calibrationRecordOf,
  calibrationsPath,
  calibrationsPullQuery,
  fetchCalibration,
} from '../api/calibration-queries.ts';
import { calibrationEntity } from './calibration-store.ts';

/**
 * How `calibration.create|update|delete` travel (docs/v1-contract.md §1.13 with docs/api.md): the kit's way
 * (lib/sync/queued-entity-kinds.ts), at `/users/{uid}/calibrations/`.
 */

const item: ItemCapability<object> = {
  path: ({ userId }, id) => calibrationPath(userId, id),
  fetchOne: ({ userId }, id) => fetchCalibration(userId, id),
};

/** The three kinds (app/write-kinds.ts). */
export function calibrationKinds(queryClient: QueryClient) {
  return queuedEntityKinds(calibrationEntity, {
    create: {
      path: ({ userId }) => calibrationsPath(userId),
      answer: { wire: Calibration, toRecord: calibrationRecordOf, serverFields: ['userId', 'createdAt', 'modifiedAt', 'imagesUrl', 'version'] },
    },
    update: item,
    remove: item,
    describe: (action, { fields, previous }) => i18n.t(`calibrations:sync.${action}`, { name: fields?.calibrationName ?? previous?.calibrationName }),
    // A 204 has no body: new images have a new download URL, which the next pull brings.
    afterDone: (action, row) =>
      action === 'update' && row.fileIds.length > 0
        ? queryClient.invalidateQueries({ queryKey: calibrationKeys.pull(row.payload.userId) }, { cancelRefetch: false })
        : undefined,
    afterDiscard: (row) => queryClient.fetchQuery(calibrationsPullQuery(row.payload.userId)).then(() => undefined, () => undefined),
  });
}

/**
 * Pulls the calibrations and the dosimetry isotopes (the form's list, offline too) at start and on
 * each sign-in (the screens pull again on entering), and loads the texts the sync indicator uses to
 * describe queued calibration writes. Returns the stop function.
 */
export function startCalibrationsSync(queryClient: QueryClient) {
  const onAuth = (auth: AuthState | null) => {
    if (!isSignedIn(auth)) return;
    void i18n.loadNamespaces('calibrations');
    void queryClient.prefetchQuery(calibrationsPullQuery(auth.id));
    void queryClient.prefetchQuery(isotopesQuery(auth.id, CALIBRATION_ISOTOPES));
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
  return () => {
    authChangeListeners.delete(onAuth);
  };
}
