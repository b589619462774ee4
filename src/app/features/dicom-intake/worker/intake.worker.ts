import { configure } from '@zip.js/zip.js/index-native.js';
import ZipCodecWorker from '@zip.js/zip.js/dist/zip-web-worker-native.js?worker';
import type { ToWorker } from './intake-protocol.ts';
import { createIntakeHandler } from './intake-steps.ts';

/** Zip.js's codec workers (deflate and CRC-32 of the copies), one per core up to this many: the zip is most of the work. */
const MAX_ZIP_WORKERS = 4;
const zipWorkers = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, MAX_ZIP_WORKERS));
configure({ maxWorkers: zipWorkers, createWorker: () => new ZipCodecWorker() });

/** The intake worker (its own chunk, with dcmjs and zip.js): runs the steps off the page's thread. */
const handle = createIntakeHandler((message) => (self as unknown as Worker).postMessage(message), { zipWorkers });
self.onmessage = (event: MessageEvent<ToWorker>) => void handle(event.data);
