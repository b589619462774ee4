/**
 * UUID version 7 (RFC 9562 §5.7): 48-bit Unix milliseconds, version, 12-bit `rand_a`, variant, 62
 * random bits. Ids made in one process sort in creation order: within one millisecond `rand_a` is a
 * counter (RFC 9562 §6.2, method 1), and a clock that steps back keeps the last timestamp. The
 * client uses them for outbox rows (the `Idempotency-Key`) and for the ids of records it creates.
 */
export type RandomBytes = (length: number) => Uint8Array;

const defaultRandom: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

export const UUID_V7_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function createUuidV7Generator(now: () => number = Date.now, random: RandomBytes = defaultRandom) {
  let lastMs = -1;
  let counter = 0;
  return function uuidV7(): string {
    const bytes = random(16);
    let ms = Math.max(Math.floor(now()), lastMs);
    if (ms === lastMs) {
      counter += 1;
      if (counter > 0xfff) {
        // 4096 ids in one millisecond: borrow the next millisecond rather than repeat an order.
        ms += 1;
        counter = bytes[6]! & 0x7f;
      }
    } else {
      // A random start below 2^11 leaves room to count within the millisecond.
      counter = ((bytes[6]! << 8) | bytes[7]!) & 0x7ff;
    }
    lastMs = ms;
    for (let i = 5; i >= 0; i -= 1) {
      bytes[i] = ms % 256;
      ms = Math.floor(ms / 256);
    }
    bytes[6] = 0x70 | (counter >> 8);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

export const uuidV7 = createUuidV7Generator();

/** The creation time a UUIDv7 carries, in Unix milliseconds. */
export function uuidV7Time(id: string): number {
  return Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}
