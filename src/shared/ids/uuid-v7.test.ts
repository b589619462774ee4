import { describe, expect, it } from 'vitest';
import { UUID_V7_PATTERN, createUuidV7Generator, uuidV7, uuidV7Time } from './uuid-v7.ts';

const zeros = (length: number) => new Uint8Array(length);
const ones = (length: number) => new Uint8Array(length).fill(0xff);

describe('uuidV7', () => {
  it('has the version 7 and RFC 4122 variant bits, in lower-case 8-4-4-4-12 form', () => {
    for (let i = 0; i < 200; i += 1) expect(uuidV7()).toMatch(UUID_V7_PATTERN);
  });

  it.each([
    [0, zeros, '00000000-0000-7000-8000-000000000000'],
    [1_700_000_000_000, zeros, '018bcfe5-6800-7000-8000-000000000000'],
    [1_700_000_000_000, ones, '018bcfe5-6800-77ff-bfff-ffffffffffff'],
    [2 ** 48 - 1, zeros, 'ffffffff-ffff-7000-8000-000000000000'],
  ])('at %d ms with %o bytes → %s', (ms, random, expected) => {
    expect(createUuidV7Generator(() => ms, random)()).toBe(expected);
  });

  it('carries its creation time', () => {
    expect(uuidV7Time(createUuidV7Generator(() => 1_732_233_600_123)())).toBe(1_732_233_600_123);
  });

  it('sorts in creation order within one millisecond, across milliseconds and when the clock steps back', () => {
    const times = [5, 5, 5, 6, 6, 4, 4, 7];
    let i = 0;
    const next = createUuidV7Generator(() => times[i++]!);
    const ids = times.map(() => next());
    expect(ids.toSorted()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the order past 4096 ids in one millisecond by borrowing the next millisecond', () => {
    const next = createUuidV7Generator(() => 10, ones);
    const ids = Array.from({ length: 5000 }, () => next());
    expect(ids.toSorted()).toEqual(ids);
    expect(new Set(ids).size).toBe(5000);
    expect(uuidV7Time(ids.at(-1)!)).toBeGreaterThan(10);
  });
});
