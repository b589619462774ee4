/**
 * Issue 33: a de-identified copy is never less valid than its original. dicom3tools' dciodvfy is the
 * referee: a copy may have no kind of error its original did not have (compound actions of Table E.1-1
 * resolved by the element's type in the object's IOD).
 */
import { describe, expect, it } from 'vitest';
import type { DicomDataset } from '#shared/dicom/dicom-dataset.ts';
import { readDicom } from '#shared/dicom/dicom-file.ts';
import { makeStudyFile } from '#shared/dicom/testing/make-dicom.ts';
import { dciodvfyErrors, deidentified } from '#tests/utils/dicom.ts';

const person = (name: string) => ({ vr: 'PN', Value: [{ Alphabetic: name }] });
const code = { '00080100': { vr: 'SH', Value: ['121008'] }, '00080102': { vr: 'SH', Value: ['DCM'] }, '00080104': { vr: 'LO', Value: ['Person Observer Name'] } };

const CASES: { name: string; sopClass: string; modality: string; extra: DicomDataset; check: (copy: DicomDataset) => void }[] = [
  {
    name: "RT Plan: Operators' Name (type 2) stays, empty",
    sopClass: '1.2.840.10008.5.1.4.1.1.481.5',
    modality: 'RTPLAN',
    extra: { '00081070': person('Tech^Ana'), '300A0002': { vr: 'SH', Value: ['PLAN1'] }, '300A000C': { vr: 'CS', Value: ['PATIENT'] } },
    check: (copy) => expect(copy['00081070']?.Value).toEqual([]),
  },
  {
    name: 'Enhanced CT: Device Serial Number (type 1) gets a dummy',
    sopClass: '1.2.840.10008.5.1.4.1.1.2.1',
    modality: 'CT',
    extra: { '00181000': { vr: 'LO', Value: ['SN-88121'] } },
    check: (copy) => expect(copy['00181000']?.Value).toEqual(['ANONYMIZED']),
  },
  {
    name: 'CT Image: Device Serial Number (type 3 there) is removed',
    sopClass: '1.2.840.10008.5.1.4.1.1.2',
    modality: 'CT',
    extra: { '00181000': { vr: 'LO', Value: ['SN-88121'] } },
    check: (copy) => expect(copy['00181000']).toBeUndefined(),
  },
  {
    name: 'ECG waveform: Acquisition Context Sequence (type 2) stays, empty',
    sopClass: '1.2.840.10008.5.1.4.1.1.9.1.1',
    modality: 'ECG',
    extra: { '00400555': { vr: 'SQ', Value: [{ '0040A043': { vr: 'SQ', Value: [code] }, '0040A040': { vr: 'CS', Value: ['TEXT'] }, '0040A160': { vr: 'UT', Value: ['Silva'] } }] } },
    check: (copy) => expect(copy['00400555']?.Value).toEqual([]),
  },
  {
    name: 'Comprehensive SR: the procedure step reference (type 2) and the verifying observer and content (type 1C) stay, cleaned',
    sopClass: '1.2.840.10008.5.1.4.1.1.88.33',
    modality: 'SR',
    extra: {
      '00081111': { vr: 'SQ', Value: [] },
      '0040A491': { vr: 'CS', Value: ['COMPLETE'] },
      '0040A493': { vr: 'CS', Value: ['VERIFIED'] },
      '0040A073': {
        vr: 'SQ',
        Value: [{ '0040A075': person('Reader^Paulo'), '0040A027': { vr: 'LO', Value: ['Hospital Santa Clara'] }, '0040A030': { vr: 'DT', Value: ['20260310120000'] }, '0040A088': { vr: 'SQ', Value: [] } }],
      },
      '0040A040': { vr: 'CS', Value: ['CONTAINER'] },
      '0040A043': { vr: 'SQ', Value: [code] },
      '0040A050': { vr: 'CS', Value: ['SEPARATE'] },
      '0040A730': {
        vr: 'SQ',
        Value: [{ '0040A010': { vr: 'CS', Value: ['CONTAINS'] }, '0040A040': { vr: 'CS', Value: ['PNAME'] }, '0040A043': { vr: 'SQ', Value: [code] }, '0040A123': person('Silva^Maria') }],
      },
    },
    check: (copy) => {
      expect(copy['00081111']?.Value).toEqual([]);
      const observer = (copy['0040A073']?.Value as DicomDataset[])[0]!;
      expect(observer['0040A075']?.Value).toEqual([{ Alphabetic: 'ANONYMIZED' }]);
      const content = (copy['0040A730']?.Value as DicomDataset[])[0]!;
      expect(content['0040A123']?.Value).toEqual([{ Alphabetic: 'ANONYMIZED' }]);
    },
  },
];

describe('de-identified copies checked by dciodvfy against their IOD', () => {
  it.each(CASES)('$name', ({ sopClass, modality, extra, check }) => {
    const original = new Uint8Array(makeStudyFile({ sopClass, modality, extra }));
    const [copy] = deidentified([original]);
    const before = dciodvfyErrors(original);
    expect([...dciodvfyErrors(copy!)].filter((error) => !before.has(error))).toEqual([]);
    check(readDicom(copy!.slice().buffer).dataset);
  });
});
