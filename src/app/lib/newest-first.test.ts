import { describe, expect, it } from 'vitest';
import { createUuidV7Generator } from '#shared/ids/uuid-v7.ts';
import { newestFirst } from './newest-first.ts';

const at = (iso: string) => createUuidV7Generator(() => Date.parse(iso))();
const names = (records: Array<{ name: string; id: string; createdAt?: string }>) => records.toSorted(newestFirst).map((record) => record.name);

describe('newestFirst', () => {
  it('keeps records made on this device in the order the user made them while the server dates them on arrival', () => {
    const first = { name: 'first', id: at('2026-11-28T10:00:00Z') };
    const second = { name: 'second', id: at('2026-11-28T10:01:00Z') };
    const third = { name: 'third', id: at('2026-11-28T10:02:00Z') };
    // The first create reached the server last (the network was down): its server date is the newest.
    const synced = [
      { ...first, createdAt: '2026-11-28T10:09:00.000Z' },
      { ...second, createdAt: '2026-11-28T10:03:00.000Z' },
      { ...third, createdAt: '2026-11-28T10:02:00.500Z' },
    ];
    expect(names([first, second, third])).toEqual(['third', 'second', 'first']);
    expect(names(synced)).toEqual(['third', 'second', 'first']);
  });

  it("orders records the server made (UUIDv4 ids) by their createdAt, among the device's", () => {
    const records = [
      { name: 'staff order', id: '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f', createdAt: '2026-11-28T10:01:30.000Z' },
      { name: 'older', id: at('2026-11-28T10:00:00Z'), createdAt: '2026-11-28T10:05:00.000Z' },
      { name: 'newer', id: at('2026-11-28T10:02:00Z') },
      { name: 'undated', id: '0b1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f' },
    ];
    expect(names(records)).toEqual(['newer', 'staff order', 'older', 'undated']);
  });
});
