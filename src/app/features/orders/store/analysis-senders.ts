import type { QueryClient } from '@tanstack/react-query';
import { Analysis } from '#shared/schemas/analyses.ts';
import { i18n } from '#app/lib/i18n.ts';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from '#app/lib/session.ts';
import type { AnalysisRecord } from '#app/lib/db.ts';
import { queuedEntityKinds, type ItemCapability } from '#app/lib/sync/queued-entity-kinds.ts';
import { analysesPath, analysisPath, analysesPullQuery, fetchAnalysis, orderKeys, ordersPullQuery } from '../api/order-queries.ts';
import { analysisEntity } from './analysis-store.ts';

/**
 * How `analysis.create|update|delete` travel (docs/v1-contract.md §1.14 with docs/api.md): the kit's way
 * (lib/sync/queued-entity-kinds.ts), at `/users/{uid}/orders/{oid}/analysis/`. An analysis naming a
 * calibration still queued here waits for it (the server would not know it yet).
 */

/** Big image series: the upload watches for stalls itself (tus-upload.ts), so the drainer's timeout only catches a hung request. */
const ANALYSIS_TIMEOUT_MS = 24 * 3600_000;

type OrderScope = Pick<AnalysisRecord, 'orderId'>;

const item: ItemCapability<OrderScope> = {
  path: ({ userId, orderId }, id) => analysisPath(userId, orderId, id),
  fetchOne: ({ userId, orderId }, id) => fetchAnalysis(userId, orderId, id),
};

/** The three kinds (app/write-kinds.ts). */
export function analysisKinds(queryClient: QueryClient) {
  /** The order's counts changed on the server (remaining, statuses): pull them (and, for a 204, the analysis). */
  const refresh = (userId: string, orderId: string, analyses: boolean) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.pull(userId) }, { cancelRefetch: false });
    if (analyses) void queryClient.invalidateQueries({ queryKey: orderKeys.analyses(userId, orderId) }, { cancelRefetch: false });
  };
  return queuedEntityKinds(analysisEntity, {
    create: {
      path: ({ userId, orderId }) => analysesPath(userId, orderId),
      answer: { wire: Analysis, toRecord: (analysis) => analysis, serverFields: ['createdAt', 'modifiedAt', 'imagesUrl', 'status', 'serviceName', 'version'] },
      // The chosen calibration, when it is still queued here: the server would not know it yet.
      dependsOn: { kind: 'calibration.create', id: (fields) => fields.calibrationId },
    },
    update: item,
    remove: item,
    describe: (action, { fields, previous }) => i18n.t(`analyses:sync.${action}`, { name: fields?.analysisName ?? previous?.analysisName }),
    afterDone: (action, row) => refresh(row.payload.userId, row.payload.orderId, action === 'update'),
    afterDiscard: (row) => queryClient.fetchQuery(analysesPullQuery(row.payload.userId, row.payload.orderId)).then(() => undefined, () => undefined),
    timeoutMs: ANALYSIS_TIMEOUT_MS,
  });
}

/** Pulls the orders at start and on each sign-in, and loads the texts the sync indicator uses for analysis writes. */
export function startOrdersSync(queryClient: QueryClient) {
  const onAuth = (auth: AuthState | null) => {
    if (!isSignedIn(auth)) return;
    void i18n.loadNamespaces(['orders', 'analyses', 'uploads']);
    void queryClient.prefetchQuery(ordersPullQuery(auth.id));
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
  return () => {
    authChangeListeners.delete(onAuth);
  };
}
