/**
 * Where a Part 10 file's header ends: the offset of its top-level Pixel Data element, found by walking the
 * elements' tags and lengths (sequences item by item), so a reader streaming the file can stop there
 * instead of guessing a size. 'more' when the bytes end before it is known; 'unknown' when the data set
 * cannot be walked (deflated transfer syntax): then read as much as the caller allows.
 */
export type HeaderExtent = number | 'more' | 'unknown';

const PREAMBLE_AND_PREFIX = 132;
const UNDEFINED_LENGTH = 0xffffffff;
const IMPLICIT_LITTLE = '1.2.840.10008.1.2';
const EXPLICIT_BIG = '1.2.840.10008.1.2.2';
const DEFLATED = new Set(['1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.8.1']);
/** Explicit VRs with a 2-byte reserved field and a 4-byte length (PS3.5 §7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const ITEM_GROUP = 0xfffe;
const ITEM_DELIMITER = 0xe00d;
const SEQUENCE_DELIMITER = 0xe0dd;
const MAX_DEPTH = 16;

interface Encoding {
  explicit: boolean;
  little: boolean;
}

class OutOfBytes extends Error {}

class ElementWalker {
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(end: number) {
    if (end > this.bytes.length) throw new OutOfBytes();
  }

  /** One element at `at`: its tag, VR (explicit only), value offset and length. */
  element(at: number, { explicit, little }: Encoding) {
    this.need(at + 8);
    const group = this.view.getUint16(at, little);
    const number = this.view.getUint16(at + 2, little);
    if (group === ITEM_GROUP || !explicit) return { group, number, vr: '', value: at + 8, length: this.view.getUint32(at + 4, little) };
    const vr = String.fromCharCode(this.bytes[at + 4]!, this.bytes[at + 5]!);
    if (!LONG_VRS.has(vr)) return { group, number, vr, value: at + 8, length: this.view.getUint16(at + 6, little) };
    this.need(at + 12);
    return { group, number, vr, value: at + 12, length: this.view.getUint32(at + 8, little) };
  }

  /** Past one element at `at` (a sequence or encapsulated value of undefined length walked item by item). */
  skip(at: number, encoding: Encoding, depth: number): number {
    const { value, length } = this.element(at, encoding);
    if (length !== UNDEFINED_LENGTH) return this.within(value + length);
    if (depth >= MAX_DEPTH) throw new OutOfBytes();
    for (let item = value; ; ) {
      const next = this.element(item, { ...encoding, explicit: false });
      if (next.group === ITEM_GROUP && next.number === SEQUENCE_DELIMITER) return next.value;
      item = next.length === UNDEFINED_LENGTH ? this.itemEnd(next.value, encoding, depth + 1) : this.within(next.value + next.length);
    }
  }

  private itemEnd(at: number, encoding: Encoding, depth: number): number {
    for (let next = at; ; ) {
      const element = this.element(next, encoding);
      if (element.group === ITEM_GROUP && element.number === ITEM_DELIMITER) return element.value;
      next = this.skip(next, encoding, depth);
    }
  }

  private within(end: number): number {
    this.need(end);
    return end;
  }

  text(at: number, length: number): string {
    this.need(at + length);
    return String.fromCharCode(...this.bytes.subarray(at, at + length)).replace(/[\0 ]+$/, '');
  }
}

export function headerExtent(bytes: Uint8Array): HeaderExtent {
  const found = locatePixelData(bytes);
  return typeof found === 'string' ? found : found.at;
}

/**
 * Where a whole file's top-level Pixel Data element starts and ends (its encapsulated fragments walked to their
 * delimiter), and whether only Data Set Trailing Padding follows it; null when there is no such element,
 * the file is cut short, or its data set cannot be walked (deflated).
 */
export function pixelDataSpan(bytes: Uint8Array): { start: number; end: number; paddingOnlyAfter: boolean } | null {
  const found = locatePixelData(bytes);
  if (typeof found === 'string') return null;
  const walker = new ElementWalker(bytes);
  try {
    const end = walker.skip(found.at, found.encoding, 0);
    if (end === bytes.length) return { start: found.at, end, paddingOnlyAfter: true };
    const after = walker.element(end, found.encoding);
    const padding = after.group === 0xfffc && after.number === 0xfffc && walker.skip(end, found.encoding, 0) === bytes.length;
    return { start: found.at, end, paddingOnlyAfter: padding };
  } catch (error) {
    if (error instanceof OutOfBytes) return null;
    throw error;
  }
}

/**
 * Where the top-level Pixel Data element starts and, when its length is defined (native pixels), where its value
 * ends, from the file's first bytes; 'more' when they end before that is known, 'unknown' as for `headerExtent`.
 */
export function pixelDataBounds(bytes: Uint8Array): { start: number; end: number | null } | 'more' | 'unknown' {
  const found = locatePixelData(bytes);
  if (typeof found === 'string') return found;
  try {
    const { value, length } = new ElementWalker(bytes).element(found.at, found.encoding);
    return { start: found.at, end: length === UNDEFINED_LENGTH ? null : value + length };
  } catch (error) {
    if (error instanceof OutOfBytes) return 'more';
    throw error;
  }
}

function locatePixelData(bytes: Uint8Array): { at: number; encoding: Encoding } | 'more' | 'unknown' {
  if (bytes.length < PREAMBLE_AND_PREFIX) return 'more';
  const walker = new ElementWalker(bytes);
  const meta: Encoding = { explicit: true, little: true };
  try {
    let at = PREAMBLE_AND_PREFIX;
    let transferSyntax = '';
    for (let element = walker.element(at, meta); element.group === 0x0002; element = walker.element(at, meta)) {
      if (element.number === 0x0010) transferSyntax = walker.text(element.value, element.length);
      at = walker.skip(at, meta, 0);
    }
    if (DEFLATED.has(transferSyntax)) return 'unknown';
    const encoding: Encoding = { explicit: transferSyntax !== IMPLICIT_LITTLE, little: transferSyntax !== EXPLICIT_BIG };
    for (;;) {
      const { group, number } = walker.element(at, encoding);
      if (group === 0x7fe0 && number === 0x0010) return { at, encoding };
      at = walker.skip(at, encoding, 0);
    }
  } catch (error) {
    if (error instanceof OutOfBytes) return 'more';
    throw error;
  }
}
