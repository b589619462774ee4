// The part of dcmjs 0.51 (no bundled types) that DoseHub uses.
declare module 'dcmjs' {
  import type { DicomDataset } from './dicom-dataset.ts';

  interface DicomDict {
    meta: DicomDataset;
    dict: DicomDataset;
    write(options?: { allowInvalidVRLength?: boolean }): ArrayBuffer;
  }
  interface ReadOptions {
    ignoreErrors?: boolean;
    untilTag?: string | null;
    includeUntilTagValue?: boolean;
    noCopy?: boolean;
  }
  interface TextDecoding {
    decode(bytes: DataView | Uint8Array): string;
  }
  interface ReadBufferStream {
    decoder: TextDecoding;
    setDecoder(decoder: TextDecoding): void;
    more(length: number): ReadBufferStream;
  }
  interface ReadTagInfo {
    tag: { toCleanString(): string };
    values: unknown[];
  }
  const dcmjs: {
    data: {
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: ReadOptions): DicomDict;
        _readTag(stream: ReadBufferStream, ...rest: unknown[]): ReadTagInfo;
      };
      DicomDict: new (meta: DicomDataset) => DicomDict;
      ReadBufferStream: { prototype: ReadBufferStream };
    };
    log: { setLevel(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent'): void };
  };
  export default dcmjs;
}
