/**
 * The contract of a store's `StoredObject` (src/server/storage/stored-object.ts), run against the local upload
 * store in the normal suites and against S3 in `*.s3.test.ts`: the identity check (services/dicom-identity.ts)
 * shares all its logic between them, so the byte source is all that differs and all that is tested twice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '#server/config.ts';
import { identifyingElementsOf } from '#server/services/dicom-identity.ts';
import { createUploadStore, type UploadStore } from '#server/storage/upload-store.ts';
import { readRange } from '#server/storage/stored-object.ts';
import { deidentified, rawStudy, zipOf } from './dicom.ts';
import { s3Client } from './s3.ts';

/** An upload store, and a way to put a finished upload's bytes in it as its store keeps them. */
export interface StoreUnderTest {
  store: UploadStore;
  put(bytes: Uint8Array): Promise<string>;
  close(): Promise<void>;
}

export async function localStoreUnderTest(): Promise<StoreUnderTest> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dosehub-objects-'));
  const store = await createUploadStore({ dataDir, s3: null, expiresMs: 0 });
  return {
    store,
    put: async (bytes) => {
      const id = randomUUID();
      await fs.mkdir(path.join(dataDir, 'uploads'), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'uploads', id), bytes);
      return id;
    },
    close: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

export async function s3StoreUnderTest(s3: S3Config): Promise<StoreUnderTest> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dosehub-objects-'));
  const store = await createUploadStore({ dataDir, s3, expiresMs: 0 });
  return {
    store,
    put: async (bytes) => {
      const id = randomUUID();
      await s3Client(s3).putObject({ Bucket: s3.bucket, Key: id, Body: bytes });
      return id;
    },
    close: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

export function storedObjectContract(label: string, open: () => Promise<StoreUnderTest | null>) {
  describe(`a stored upload read at offsets (${label})`, () => {
    let under: StoreUnderTest;
    beforeAll(async () => {
      under = (await open())!;
    });
    afterAll(() => under?.close());

    it('has its size, and gives exactly the bytes of any range, to the end without one, none for an empty one', async () => {
      const bytes = new Uint8Array(randomBytes(300_000));
      const object = await under.store.object(await under.put(bytes));
      expect(object.size).toBe(bytes.length);
      expect(Buffer.from(await readRange(object, 0, object.size)).equals(bytes)).toBe(true);
      expect(Buffer.from(await readRange(object, 1000, 70_000)).equals(bytes.subarray(1000, 70_000))).toBe(true);
      const tail: Buffer[] = [];
      for await (const chunk of object.stream(299_990)) tail.push(chunk as Buffer);
      expect(Buffer.concat(tail).equals(bytes.subarray(299_990))).toBe(true);
      expect(await readRange(object, 5, 5)).toHaveLength(0);
    });

    it('a stream stopped after its first chunk leaves the object readable again', async () => {
      const bytes = new Uint8Array(randomBytes(2_000_000));
      const object = await under.store.object(await under.put(bytes));
      for await (const chunk of object.stream(0)) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break;
      }
      expect(Buffer.from(await readRange(object, 1_999_000, 2_000_000)).equals(bytes.subarray(1_999_000))).toBe(true);
    });

    it('the identity check reads through it: a zip of raw DICOM (ZIP64 too) and a single file flagged, a de-identified zip clean', async () => {
      const raw = rawStudy(3);
      const check = async (bytes: Uint8Array, type: string) => identifyingElementsOf(async () => under.store.object(await under.put(bytes)), type);
      expect(await check(await zipOf(raw), 'application/zip')).toEqual(expect.arrayContaining(["Patient's Name", "Patient's Birth Date"]));
      expect(await check(await zipOf(raw, { zip64: true }), 'application/zip')).toEqual(expect.arrayContaining(["Patient's Name"]));
      expect(await check(raw[0]!, 'application/dicom')).toEqual(expect.arrayContaining(["Patient's Name"]));
      expect(await check(await zipOf(deidentified(raw)), 'application/zip')).toEqual([]);
    });

    it('an object the store does not have: not checked (null), the upload is not held back', async () => {
      expect(await identifyingElementsOf(() => under.store.object(randomUUID()), 'application/zip')).toBeNull();
    });
  });
}
