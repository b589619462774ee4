/** One entry's data as it goes into the zip: stored (0) or deflated (8), with the CRC-32 and size of what it holds. */
export interface EntryData {
  method: 0 | 8;
  crc32: number;
  size: number;
  /** What the zip holds of the entry, in order (bytes, or slices of a chosen file), and its length. */
  data: BlobPart[];
  dataSize: number;
}

/** Parts made here are gathered into a Blob (the browser's blob store) every so many bytes or parts: this worker holds little of the zip. */
const FOLD_BYTES = 4 * 1024 * 1024;
const FOLD_PARTS = 1024;

const MAX_32 = 0xffff_ffff;
const MAX_16 = 0xffff;
const UTF8_NAMES = 0x0800;

/**
 * A zip written as one Blob made of Blobs: each entry's data is added as the Blob it is (a slice of a chosen file
 * stays a reference to that file, never read into this thread or copied into the zip's bytes); only the headers are
 * bytes made here. Every entry's CRC-32 and sizes are known when it is added, so no data descriptors. ZIP64 records
 * from the first entry when `zip64`, else only where a size, an offset or the count needs them.
 */
export function zipBlob({ zip64 = false, date = new Date() }: { zip64?: boolean; date?: Date } = {}) {
  const folded: Blob[] = [];
  let parts: BlobPart[] = [];
  let partBytes = 0;
  const keep = (part: BlobPart) => {
    parts.push(part);
    if (!(part instanceof Blob)) partBytes += (part as Uint8Array).byteLength;
    if (partBytes < FOLD_BYTES && parts.length < FOLD_PARTS) return;
    folded.push(new Blob(parts));
    parts = [];
    partBytes = 0;
  };
  const central: Uint8Array<ArrayBuffer>[] = [];
  const time = dosTime(date);
  let offset = 0;
  let centralBytes = 0;

  function add(name: string, entry: EntryData) {
    const nameBytes = new TextEncoder().encode(name);
    const large = zip64 || entry.size >= MAX_32 || entry.dataSize >= MAX_32 || offset >= MAX_32;
    const local = new Writer(30 + nameBytes.length + (large ? 20 : 0));
    local.u32(0x04034b50).u16(large ? 45 : 20).u16(UTF8_NAMES).u16(entry.method).u32(time).u32(entry.crc32);
    local.u32(large ? MAX_32 : entry.dataSize).u32(large ? MAX_32 : entry.size).u16(nameBytes.length).u16(large ? 20 : 0).bytes(nameBytes);
    if (large) local.u16(0x0001).u16(16).u64(entry.size).u64(entry.dataSize);
    const record = new Writer(46 + nameBytes.length + (large ? 28 : 0));
    record.u32(0x02014b50).u16(45).u16(large ? 45 : 20).u16(UTF8_NAMES).u16(entry.method).u32(time).u32(entry.crc32);
    record.u32(large ? MAX_32 : entry.dataSize).u32(large ? MAX_32 : entry.size).u16(nameBytes.length).u16(large ? 28 : 0);
    record.u16(0).u16(0).u16(0).u32(0).u32(large ? MAX_32 : offset).bytes(nameBytes);
    if (large) record.u16(0x0001).u16(24).u64(entry.size).u64(entry.dataSize).u64(offset);
    keep(local.buffer);
    for (const part of entry.data) keep(part);
    central.push(record.buffer);
    offset += local.buffer.length + entry.dataSize;
    centralBytes += record.buffer.length;
  }

  function close(type = 'application/zip'): Blob {
    const count = central.length;
    const large = zip64 || count >= MAX_16 || offset >= MAX_32 || centralBytes >= MAX_32;
    const end = new Writer((large ? 56 + 20 : 0) + 22);
    if (large) {
      end.u32(0x06064b50).u64(44).u16(45).u16(45).u32(0).u32(0).u64(count).u64(count).u64(centralBytes).u64(offset);
      end.u32(0x07064b50).u32(0).u64(offset + centralBytes).u32(1);
    }
    end.u32(0x06054b50).u16(0).u16(0).u16(Math.min(count, MAX_16)).u16(Math.min(count, MAX_16));
    end.u32(large ? MAX_32 : centralBytes).u32(large ? MAX_32 : offset).u16(0);
    return new Blob([...folded, ...parts, ...central, end.buffer], { type });
  }

  return { add, close };
}

/** MS-DOS date and time (local time, 2-second steps), as the zip's headers hold them. */
function dosTime(date: Date): number {
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  return ((day << 16) | time) >>> 0;
}

/** Little-endian fields into a buffer of a known size. */
class Writer {
  readonly buffer: Uint8Array<ArrayBuffer>;
  private readonly view: DataView;
  private at = 0;

  constructor(size: number) {
    this.buffer = new Uint8Array(size);
    this.view = new DataView(this.buffer.buffer);
  }

  u16(value: number) {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }

  u32(value: number) {
    this.view.setUint32(this.at, value >>> 0, true);
    this.at += 4;
    return this;
  }

  u64(value: number) {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
    return this;
  }

  bytes(bytes: Uint8Array) {
    this.buffer.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }
}
