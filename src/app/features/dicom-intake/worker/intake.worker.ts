import DeflateWorker from './deflate.worker.ts?worker';
import { deflatePool } from './deflate-pool.ts';
import type { ToWorker } from './intake-protocol.ts';
import { createIntakeHandler } from './intake-steps.ts';

/** Deflate workers, one per core up to this many: compressible pixel data is the costliest part of a copy. */
const MAX_DEFLATE_WORKERS = 4;
const deflateWorkers = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, MAX_DEFLATE_WORKERS));

/** The intake worker (its own chunk, with dcmjs and zip.js): runs the steps off the page's thread. */
const handle = createIntakeHandler((message) => (self as unknown as Worker).postMessage(message), {
  copies: { deflate: deflatePool(deflateWorkers, () => new DeflateWorker()), ahead: 2 * deflateWorkers },
});
self.onmessage = (event: MessageEvent<ToWorker>) => void handle(event.data);
