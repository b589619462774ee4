import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredObject } from '#server/storage/stored-object.ts';
import { rawStudy, zipOf } from '#tests/utils/dicom.ts';
import { localStoreUnderTest, type StoreUnderTest } from '#tests/utils/stored-objects.ts';
import { identifyingElementsOf } from './dicom-identity.ts';

/** The object, counting every byte its streams hand out. */
function counted(object: StoredObject) {
  const counter = { bytes: 0 };
  const stream = (start: number, end?: number) =>
    object.stream(start, end).pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counter.bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
  return { object: { size: object.size, stream }, counter };
}

let under: StoreUnderTest;
beforeAll(async () => {
  under = await localStoreUnderTest();
});
afterAll(() => under?.close());

async function check(bytes: Uint8Array, type: string) {
  const { object, counter } = counted(await under.store.object(await under.put(bytes)));
  return { elements: await identifyingElementsOf(async () => object, type), bytesRead: counter.bytes };
}

describe('the server reads only the headers of stored DICOM (issue 19)', () => {
  it('one 20 MB file: its header, not its pixel data', async () => {
    const [file] = rawStudy(1, { pixelBytes: 20_000_000 });
    const { elements, bytesRead } = await check(file!, 'application/dicom');
    expect(elements).toEqual(expect.arrayContaining(["Patient's Name", "Patient's Birth Date"]));
    expect(bytesRead).toBeLessThan(512 * 1024);
  });

  it('a header longer than any fixed guess (a 600 kB private comment before the patient): read to its end', async () => {
    const [file] = rawStudy(1, {
      extra: { '00090010': { vr: 'LO', Value: ['ACME'] }, '00091001': { vr: 'LT', Value: [randomBytes(300_000).toString('hex')] } },
    });
    const { elements } = await check(file!, 'application/dicom');
    expect(elements).toEqual(expect.arrayContaining(["Patient's Name", 'Private (0009,1001)']));
  });

  it('a stored zip of 30 files of 2 MB (60 MB): the first 20 headers, a few MB read at most', async () => {
    const zip = await zipOf(rawStudy(30, { pixelBytes: 2_000_000 }), { level: 0 });
    const { elements, bytesRead } = await check(zip, 'application/zip');
    expect(elements).toEqual(expect.arrayContaining(["Patient's Name"]));
    expect(bytesRead).toBeLessThan(zip.length / 10);
  });

  it('a zip without DICOM, and a type that is not DICOM: nothing to judge (null)', async () => {
    expect((await check(await zipOf([new Uint8Array(randomBytes(5000))]), 'application/zip')).elements).toBeNull();
    expect((await check(new Uint8Array(randomBytes(5000)), 'image/png')).elements).toBeNull();
  });
});
