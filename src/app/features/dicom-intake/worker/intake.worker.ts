import type { ToWorker } from './intake-protocol.ts';
import { createIntakeHandler } from './intake-steps.ts';

/** The intake worker (its own chunk, with dcmjs and zip.js): runs the steps off the page's thread. */
const handle = createIntakeHandler((message) => (self as unknown as Worker).postMessage(message));

self.onmessage = (event: MessageEvent<ToWorker>) => void handle(event.data);
