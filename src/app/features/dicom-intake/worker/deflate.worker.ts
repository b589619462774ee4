import { deflateRaw } from './entry-data.ts';

/** One of the intake's deflate workers (one per core, up to 4): compressible copies are deflated here, beside the intake worker's header work. */
self.onmessage = async (event: MessageEvent<{ id: number; chunks: Uint8Array[] }>) => {
  const { id, chunks } = event.data;
  try {
    const output = await deflateRaw(chunks);
    (self as unknown as Worker).postMessage({ id, chunks: output }, output.map((chunk) => chunk.buffer as ArrayBuffer));
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
