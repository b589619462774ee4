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
  const dcmjs: {
    data: {
      DicomMessage: { readFile(buffer: ArrayBuffer, options?: ReadOptions): DicomDict };
      DicomDict: new (meta: DicomDataset) => DicomDict;
    };
    log: { setLevel(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent'): void };
  };
  export default dcmjs;
}
