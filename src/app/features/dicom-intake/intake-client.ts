import type { Deidentified, FromWorker, ToWorker } from './worker/intake-protocol.ts';
import type { IntakePurpose } from './study-checks.ts';
import type { StudySummary } from './study-summary.ts';

export type OnProgress = (done: number, total: number) => void;

/**
 * The page's side of the intake worker. The worker (with dcmjs and zip.js) is its own chunk, fetched
 * only when files are chosen; one worker per choice keeps the chosen files until de-identification.
 */
export class IntakeSession {
  private readonly worker = new Worker(new URL('./worker/intake.worker.ts', import.meta.url), { type: 'module', name: 'dicom-intake' });

  scan(files: File[], purpose: IntakePurpose, onProgress: OnProgress): Promise<StudySummary> {
    return this.run({ type: 'scan', files, purpose }, onProgress, (message) => (message.type === 'scanned' ? message.summary : undefined));
  }

  deidentify(patientId: string, onProgress: OnProgress): Promise<Deidentified> {
    return this.run({ type: 'deidentify', patientId }, onProgress, (message) => (message.type === 'deidentified' ? message : undefined));
  }

  close() {
    this.worker.terminate();
  }

  private run<T>(request: ToWorker, onProgress: OnProgress, resultOf: (message: FromWorker) => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (message.type === 'progress') return onProgress(message.done, message.total);
        if (message.type === 'failed') return reject(new Error(message.message));
        const result = resultOf(message);
        if (result !== undefined) resolve(result);
      };
      this.worker.onerror = (event) => reject(new Error(event.message));
      this.worker.postMessage(request);
    });
  }
}
