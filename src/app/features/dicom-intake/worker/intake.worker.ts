import type { ToWorker } from './intake-protocol.ts';
import { createIntake } from './intake-steps.ts';

/** The intake worker (its own chunk, with dcmjs and zip.js): runs the steps off the page's thread. */
const intake = createIntake((message) => (self as unknown as Worker).postMessage(message));

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  try {
    if (event.data.type === 'scan') await intake.scan(event.data.files);
    else await intake.deidentify(event.data.patientId);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
