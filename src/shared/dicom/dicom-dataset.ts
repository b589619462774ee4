/** A DICOM data set as dcmjs reads and writes it (DICOM JSON model keyed by 8 upper-case hex digits). */
export interface DicomElement {
  vr: string;
  Value?: unknown[];
  InlineBinary?: string;
  _rawValue?: unknown;
}
export type DicomDataset = Record<string, DicomElement>;

/** The first value of an element as text ('' when absent); a person name gives its alphabetic form. */
export function textOf(dataset: DicomDataset, tag: string): string {
  const value = dataset[tag]?.Value?.[0];
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return String((value as { Alphabetic?: string }).Alphabetic ?? '');
  return String(value);
}

export function numberOf(dataset: DicomDataset, tag: string): number | null {
  const text = textOf(dataset, tag).trim();
  const value = Number(text);
  return text !== '' && Number.isFinite(value) ? value : null;
}

/** The items of a sequence element (none when absent). */
export function itemsOf(dataset: DicomDataset, tag: string): DicomDataset[] {
  const element = dataset[tag];
  return element?.vr === 'SQ' ? ((element.Value ?? []) as DicomDataset[]) : [];
}

export const TAG = {
  transferSyntax: '00020010',
  mediaStorageSopInstance: '00020003',
  sopClass: '00080016',
  sopInstance: '00080018',
  studyDate: '00080020',
  seriesDate: '00080021',
  acquisitionDate: '00080022',
  studyTime: '00080030',
  seriesTime: '00080031',
  acquisitionTime: '00080032',
  acquisitionDateTime: '0008002A',
  modality: '00080060',
  seriesDescription: '0008103E',
  patientName: '00100010',
  patientId: '00100020',
  patientBirthDate: '00100030',
  patientWeight: '00101030',
  otherPatientNames: '00101001',
  otherPatientIds: '00101000',
  patientIdentityRemoved: '00120062',
  deidentificationMethod: '00120063',
  deidentificationMethodCodes: '00120064',
  studyInstance: '0020000D',
  seriesInstance: '0020000E',
  burnedInAnnotation: '00280301',
  longitudinalTemporalModified: '00280303',
  radiopharmaceuticalInformation: '00540016',
  radiopharmaceutical: '00180031',
  radionuclideTotalDose: '00181074',
  radiopharmaceuticalStartTime: '00181072',
  radiopharmaceuticalStartDateTime: '00181078',
  radionuclideCode: '00540300',
  codeMeaning: '00080104',
  numberOfFrames: '00280008',
} as const;
