import { describe, expect, it } from 'vitest';
import { blobSink } from './blob-sink.ts';

describe('the zip sink (the worker holds a few MB of the zip, never all of it)', () => {
  it('turns chunks into Blob parts once they reach the part size, and gives back every byte as one Blob', async () => {
    const sink = blobSink('application/zip', 1000);
    const writer = sink.writable.getWriter();
    const written: number[] = [];
    for (let index = 0; index < 25; index++) {
      const chunk = new Uint8Array(300).fill(index);
      written.push(...chunk);
      await writer.write(chunk);
    }
    expect(sink.parts()).toBe(6);
    await writer.close();
    const zip = await sink.blob();
    expect(sink.parts()).toBe(7);
    expect(zip.type).toBe('application/zip');
    expect([...new Uint8Array(await zip.arrayBuffer())]).toEqual(written);
  });
});
