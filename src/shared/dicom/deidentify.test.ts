import { describe, expect, it } from 'vitest';
import { deidentifyFile } from './deidentify.ts';
import { textOf, type DicomDataset, type DicomElement } from './dicom-dataset.ts';
import { readDicom, writeDicom } from './dicom-file.ts';
import { PROFILE_TABLE } from './profile-table.ts';
import { actionOf } from './profile.ts';
import { identifyingElementsIn } from './residual.ts';
import { makeStudyFile, NM_IMAGE_STORAGE, testUid, vrOf } from './testing/make-dicom.ts';
import { UidMap } from './uid-map.ts';

const ANALYSIS_ID = 'DH-0001';
const context = () => ({ patientId: ANALYSIS_ID, uids: new UidMap() });

/** A concrete tag for a table row (repeating groups take their first group). */
const concreteTag = (tag: string) => (tag === '50xxxxxx' ? '50000005' : tag.replace(/x/g, '0'));

const REPEATING_VR: Record<string, string> = { '50000005': 'US', '60003000': 'OW', '60004000': 'LT' };

function sampleElement(tag: string): DicomElement {
  const vr = REPEATING_VR[tag] ?? vrOf(tag);
  const values: Record<string, unknown[]> = {
    PN: [{ Alphabetic: 'Silva^Maria' }],
    DA: ['20260310'],
    TM: ['103000'],
    DT: ['20260310103000'],
    AS: ['067Y'],
    DS: ['71.5'],
    IS: ['3'],
    UI: [`1.2.826.0.1.3680043.10.999.${parseInt(tag, 16)}`],
    SQ: [{ '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Silva^Maria' }] }, '00081155': { vr: 'UI', Value: ['1.2.826.0.1.3680043.10.999.77'] } }],
  };
  const numeric = ['US', 'SS', 'UL', 'SL', 'FL', 'FD', 'UV', 'SV'].includes(vr);
  const binary = ['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN'].includes(vr);
  return { vr, Value: values[vr] ?? (numeric ? [7] : binary ? [new Uint8Array([1, 2]).buffer] : ['Silva Maria notes']) };
}

describe('the profile table (PS3.15 Table E.1-1), for an NM image', () => {
  const dataset: DicomDataset = { '00080016': { vr: 'UI', Value: [NM_IMAGE_STORAGE] } };
  for (const [tag] of PROFILE_TABLE) dataset[concreteTag(tag)] = sampleElement(concreteTag(tag));
  const original = structuredClone(dataset);
  deidentifyFile({}, dataset, context());

  it.each(PROFILE_TABLE.map((row) => [row[0], row[2], actionOf(row, NM_IMAGE_STORAGE), row] as const))('%s %s: %s', (tableTag, _name, action) => {
    const tag = concreteTag(tableTag);
    const before = original[tag]!;
    const after = dataset[tag];
    switch (action) {
      case 'X':
        expect(after).toBeUndefined();
        break;
      case 'Z':
        expect(after?.Value).toEqual(tag === '00100020' ? [ANALYSIS_ID] : []);
        break;
      case 'D':
        expect(after).toBeDefined();
        expect(after!.Value).not.toEqual(before.Value);
        if (before.vr === 'PN') expect(after!.Value).toEqual([{ Alphabetic: 'ANONYMIZED' }]);
        break;
      case 'U':
        expect(after?.Value?.[0]).toMatch(/^2\.25\.\d+$/);
        break;
      case 'U*': {
        const item = (after?.Value as DicomDataset[])[0]!;
        expect(item['00100010']?.Value).toEqual([]);
        expect(String(item['00081155']?.Value?.[0])).toMatch(/^2\.25\./);
        break;
      }
      case 'K':
        expect(after).toEqual(before);
        break;
      case 'C':
        // The sample holds the patient's name, so the value is replaced.
        expect(after?.Value).toEqual(['ANONYMIZED']);
        break;
    }
  });

  it('keeps the dosimetry timing and the patient characteristics (the two options)', () => {
    const kept = PROFILE_TABLE.filter((row) => row[3] === 'dates' || row[3] === 'patient:K').map((row) => concreteTag(row[0]));
    expect(kept).toEqual(expect.arrayContaining(['00080022', '00080032', '0008002A', '00080021', '00080031', '00101030', '00101020', '00101010', '00100040']));
    for (const tag of kept) expect(dataset[tag]).toEqual(original[tag]);
  });

  it('cleans (C) free text that holds none of the patient identifiers by keeping it', () => {
    const clean: DicomDataset = { '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Silva^Maria' }] }, '00102110': { vr: 'LO', Value: ['Penicillin'] } };
    deidentifyFile({}, clean, context());
    expect(clean['00102110']?.Value).toEqual(['Penicillin']);
  });

  it('records what was done: Patient Identity Removed, the method and its CID 7050 codes', () => {
    expect(dataset['00120062']?.Value).toEqual(['YES']);
    expect(dataset['00120063']?.Value?.[0]).toBe('DoseHub PS3.15 E.1 Basic Profile');
    const codes = (dataset['00120064']?.Value as DicomDataset[]).map((item) => item['00080100']?.Value?.[0]);
    expect(codes).toEqual(['113100', '113106', '113108']);
    expect(dataset['00280303']?.Value).toEqual(['UNMODIFIED']);
  });
});

describe('de-identifying a study written by dcmjs', () => {
  const studyUid = testUid();
  const seriesUid = testUid();
  const firstUid = testUid();
  const adminEventUid = testUid();
  const first = makeStudyFile({ studyUid, seriesUid, sopInstanceUid: firstUid, extra: { '00083012': { vr: 'UI', Value: [adminEventUid] } } });
  const second = makeStudyFile({
    studyUid,
    seriesUid,
    extra: {
      '00081140': { vr: 'SQ', Value: [{ '00081150': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.20'] }, '00081155': { vr: 'UI', Value: [firstUid] } }] },
      '00083012': { vr: 'UI', Value: [adminEventUid] },
      '00090010': { vr: 'LO', Value: ['ACME 1.0'] },
      '00091001': { vr: 'LO', Value: ['Silva^Maria'] },
      '70530010': { vr: 'LO', Value: ['Philips PET Private Group'] },
      '70531000': { vr: 'DS', Value: ['1.23'] },
      '70531001': { vr: 'LO', Value: ['Silva'] },
      '00540016': {
        vr: 'SQ',
        Value: [
          {
            '00180031': { vr: 'LO', Value: ['Lu-177 PSMA'] },
            '00181074': { vr: 'DS', Value: ['7400000000'] },
            '00081070': { vr: 'PN', Value: [{ Alphabetic: 'Tech^Ana' }] },
            '00400275': { vr: 'SQ', Value: [{ '00401001': { vr: 'SH', Value: ['REQ-9'] } }] },
            '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Silva^Maria' }] },
          },
        ],
      },
    },
  });

  function deidentifyStudy() {
    const shared = context();
    return [first, second].map((buffer) => {
      const file = readDicom(buffer);
      const findings = deidentifyFile(file.meta, file.dataset, shared);
      return { ...readDicom(writeDicom(file)), findings };
    });
  }

  it('removes the patient name, ID and birth date and puts the analysis identifier as Patient ID', () => {
    for (const { dataset } of deidentifyStudy()) {
      expect(textOf(dataset, '00100010')).toBe('');
      expect(dataset['00100020']?.Value).toEqual([ANALYSIS_ID]);
      expect(textOf(dataset, '00100030')).toBe('');
      expect(dataset['00080080']).toBeUndefined();
      expect(textOf(dataset, '00080050')).toBe('');
      expect(dataset['00101030']?.Value).toEqual([71.5]);
      expect(dataset['00080022']?.Value).toEqual(['20260310']);
    }
  });

  it('replaces UIDs consistently across the files and their references, class UIDs kept', () => {
    const [one, two] = deidentifyStudy();
    const uid = (file: typeof one, tag: string) => String(file!.dataset[tag]?.Value?.[0]);
    expect(uid(one, '0020000D')).toBe(uid(two, '0020000D'));
    expect(uid(one, '0020000D')).not.toBe(studyUid);
    expect(uid(one, '0020000E')).toBe(uid(two, '0020000E'));
    expect(uid(one, '00080018')).not.toBe(uid(two, '00080018'));
    expect(uid(one, '00080018')).not.toBe(firstUid);
    expect(one!.meta['00020003']?.Value?.[0]).toBe(uid(one, '00080018'));
    const reference = (two!.dataset['00081140']?.Value as DicomDataset[])[0]!;
    expect(reference['00081155']?.Value?.[0]).toBe(uid(one, '00080018'));
    expect(reference['00081150']?.Value?.[0]).toBe('1.2.840.10008.5.1.4.1.1.20');
    // A UID element the table does not list (Radiopharmaceutical Administration Event UID) is replaced too.
    expect(uid(one, '00083012')).toBe(uid(two, '00083012'));
    expect(uid(one, '00083012')).not.toBe(adminEventUid);
    expect(uid(one, '00080016')).toBe('1.2.840.10008.5.1.4.1.1.20');
    expect(one!.meta['00020010']?.Value?.[0]).toBe('1.2.840.10008.1.2.1');
  });

  it('removes private elements except the safe list', () => {
    const [, two] = deidentifyStudy();
    expect(two!.dataset['00090010']).toBeUndefined();
    expect(two!.dataset['00091001']).toBeUndefined();
    expect(two!.dataset['70531001']).toBeUndefined();
    expect(two!.dataset['70531000']?.Value).toEqual([1.23]);
    expect(two!.dataset['70530010']?.Value).toEqual(['Philips PET Private Group']);
  });

  it('cleans names inside a sequence and keeps the radiopharmaceutical facts', () => {
    const [, two] = deidentifyStudy();
    const item = (two!.dataset['00540016']?.Value as DicomDataset[])[0]!;
    expect(item['00081070']).toBeUndefined();
    expect(item['00400275']).toBeUndefined();
    expect(textOf(item, '00100010')).toBe('');
    expect(item['00180031']?.Value).toEqual(['Lu-177 PSMA']);
    expect(item['00181074']?.Value).toEqual([7400000000]);
  });

  it('never alters the pixel data', () => {
    const [one] = deidentifyStudy();
    const before = new Uint8Array(readDicom(first).dataset['7FE00010']!.Value![0] as ArrayBuffer);
    expect(new Uint8Array(one!.dataset['7FE00010']!.Value![0] as ArrayBuffer)).toEqual(before);
  });

  it('reports burned-in annotation and secondary captures', () => {
    const burned = readDicom(makeStudyFile({ extra: { '00280301': { vr: 'CS', Value: ['YES'] } } }));
    expect(deidentifyFile(burned.meta, burned.dataset, context())).toEqual({ burnedInAnnotation: true, secondaryCapture: false });
    const capture = readDicom(makeStudyFile({ extra: { '00080016': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.7'] } } }));
    expect(deidentifyFile(capture.meta, capture.dataset, context())).toEqual({ burnedInAnnotation: false, secondaryCapture: true });
  });

  it('the server check finds the identifying elements of a raw file and none after de-identification', () => {
    expect(identifyingElementsIn(readDicom(second).dataset)).toEqual(
      expect.arrayContaining(["Patient's Name", "Patient's Birth Date", 'Institution Name', 'Patient Identity Removed', 'Private (0009,1001)']),
    );
    for (const { dataset } of deidentifyStudy()) expect(identifyingElementsIn(dataset)).toEqual([]);
  });
});
