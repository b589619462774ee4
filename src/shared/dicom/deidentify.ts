import { TAG, textOf, type DicomDataset, type DicomElement } from './dicom-dataset.ts';
import { isPrivateTag, profileEntryOf, type Action } from './profile.ts';
import { isInstanceUid, type UidMap } from './uid-map.ts';

/**
 * PS3.15 Annex E de-identification of one file's data set (and its file meta), in place, driven by the
 * profile table (profile.ts), compound actions resolved by the element's type in the object's IOD: X
 * removes, Z empties, D puts a dummy of the element's VR (a sequence keeps its items, cleaned), U and every other
 * instance UID (VR UI) gets the study's consistent replacement, K keeps, C keeps free text only when it
 * holds none of the patient's identifiers. Sequences that stay are cleaned item by item. Private
 * elements go unless on the safe list. Pixel data is never touched.
 */
export interface DeidentifyContext {
  /** What Patient ID becomes: the analysis identifier, so the clinic can match the report back. */
  patientId: string;
  uids: UidMap;
}

export interface FileFindings {
  /** Burned In Annotation = YES: text may be in the pixels, which are not scrubbed. */
  burnedInAnnotation: boolean;
  /** A secondary capture (a screenshot, often with burned-in text). */
  secondaryCapture: boolean;
}

export const DEIDENTIFICATION_METHOD = ['DoseHub PS3.15 E.1 Basic Profile', 'Retain Longitudinal Full Dates', 'Retain Patient Characteristics'];

/** PS3.16 CID 7050 codes of what was applied. */
const METHOD_CODES = [
  ['113100', 'Basic Application Confidentiality Profile'],
  ['113106', 'Retain Longitudinal Temporal Information Full Dates Option'],
  ['113108', 'Retain Patient Characteristics Option'],
] as const;

/** Private elements kept (PS3.15 Table E.3.10-1): vendor quantitation factors, by private creator and element byte. */
const SAFE_PRIVATE: { group: number; creator: string; elements: number[] }[] = [
  { group: 0x7053, creator: 'Philips PET Private Group', elements: [0x00, 0x09] },
];

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

/** Elements removed from the file meta besides the table's: the sending station's titles (device identity). */
const META_REMOVED = ['00020016', '00020017', '00020018'];

export function deidentifyFile(meta: DicomDataset, dataset: DicomDataset, context: DeidentifyContext): FileFindings {
  const findings = {
    burnedInAnnotation: textOf(dataset, TAG.burnedInAnnotation).toUpperCase() === 'YES',
    secondaryCapture: textOf(dataset, TAG.sopClass).startsWith(SECONDARY_CAPTURE),
  };
  const identifiers = patientIdentifiersOf(dataset);
  cleanDataset(dataset, { ...context, identifiers, sopClass: textOf(dataset, TAG.sopClass) });
  for (const tag of META_REMOVED) delete meta[tag];
  const instance = meta[TAG.mediaStorageSopInstance];
  if (instance?.Value) instance.Value = instance.Value.map((uid) => context.uids.replace(String(uid)));
  delete instance?._rawValue;
  recordMethod(dataset, context.patientId);
  return findings;
}

interface CleanContext extends DeidentifyContext {
  identifiers: string[];
  /** The object's SOP Class UID: its IOD decides compound actions, in nested items too. */
  sopClass: string;
}

function cleanDataset(dataset: DicomDataset, context: CleanContext) {
  const keptPrivate = safePrivateTags(dataset);
  for (const tag of Object.keys(dataset)) {
    if (isPrivateTag(tag)) {
      if (!keptPrivate.has(tag)) delete dataset[tag];
      continue;
    }
    const element = dataset[tag]!;
    const action = profileEntryOf(tag, context.sopClass)?.action ?? 'K';
    const result = apply(tag, element, action, context);
    if (result === null) delete dataset[tag];
    else dataset[tag] = result;
  }
}

/** The element after its action, or null when it goes. */
function apply(tag: string, element: DicomElement, action: Action, context: CleanContext): DicomElement | null {
  switch (action) {
    case 'X':
      return null;
    case 'Z':
      return { vr: element.vr, Value: tag === TAG.patientId ? [context.patientId] : [] };
    case 'D':
      if (element.vr === 'SQ') return kept(tag, element, context);
      return { vr: element.vr, Value: element.vr === 'UI' ? replacedUids(element, context) : dummyOf(element.vr) };
    case 'C':
      return holdsIdentifier(element, context.identifiers) ? { vr: element.vr, Value: dummyOf(element.vr) } : element;
    default:
      return kept(tag, element, context);
  }
}

/** A kept (K, U, U* or unlisted) element: its instance UIDs replaced, its sequence items cleaned. */
function kept(tag: string, element: DicomElement, context: CleanContext): DicomElement {
  if (element.vr === 'SQ') {
    for (const item of (element.Value ?? []) as DicomDataset[]) cleanDataset(item, context);
    return element;
  }
  if (element.vr === 'UI' && element.Value?.some((uid) => isInstanceUid(tag, String(uid)))) {
    return { vr: 'UI', Value: replacedUids(element, context) };
  }
  return element;
}

function replacedUids(element: DicomElement, context: CleanContext): string[] {
  return (element.Value ?? []).map((uid) => context.uids.replace(String(uid)));
}

/** A dummy value of the VR ('D'). */
function dummyOf(vr: string): unknown[] {
  switch (vr) {
    case 'PN':
      return [{ Alphabetic: 'ANONYMIZED' }];
    case 'DA':
      return ['19000101'];
    case 'TM':
      return ['000000'];
    case 'DT':
      return ['19000101000000'];
    case 'AS':
      return ['000Y'];
    case 'DS':
    case 'IS':
      return ['0'];
    case 'US':
    case 'SS':
    case 'UL':
    case 'SL':
    case 'FL':
    case 'FD':
      return [0];
    case 'OB':
    case 'OW':
    case 'UN':
      return [];
    case 'AE':
    case 'CS':
      return ['ANONYMIZED'];
    default:
      return ['ANONYMIZED'];
  }
}

/** The patient's names (every component group) and identifiers as they may appear in free text (C): name parts, IDs, birth date. */
function patientIdentifiersOf(dataset: DicomDataset): string[] {
  const names = [TAG.patientName, TAG.otherPatientNames].flatMap((tag) => (dataset[tag]?.Value ?? []).map((value) => nameText(value)));
  const ids = [TAG.patientId, TAG.otherPatientIds, TAG.patientBirthDate].flatMap((tag) => (dataset[tag]?.Value ?? []).map(String));
  const parts = names.flatMap((name) => name.split(/[\^=\s]+/)).concat(ids);
  return [...new Set(parts.map((part) => part.trim().toLowerCase()).filter(isIdentifyingPart))];
}

/** Two letters or more; or one ideograph or syllable (a Chinese or Korean surname is often one), not one Latin letter. */
const isIdentifyingPart = (part: string) => part.length >= 2 || part.codePointAt(0)! > LATIN_END;
const LATIN_END = 0x24f;

/** A value as text; a person name with all its component groups (alphabetic, ideographic, phonetic). */
const nameText = (value: unknown) => {
  if (typeof value !== 'object' || value === null) return String(value);
  const { Alphabetic = '', Ideographic = '', Phonetic = '' } = value as Record<string, string | undefined>;
  return [Alphabetic, Ideographic, Phonetic].filter(Boolean).join('=');
};

function holdsIdentifier(element: DicomElement, identifiers: string[]): boolean {
  const text = (element.Value ?? []).map(nameText).join(' ').toLowerCase();
  return identifiers.some((identifier) => text.includes(identifier));
}

/** The private elements of the safe list present here, with the private creator elements that reserve their blocks. */
export function safePrivateTags(dataset: DicomDataset): Set<string> {
  const keep = new Set<string>();
  for (const { group, creator, elements } of SAFE_PRIVATE) {
    const groupHex = group.toString(16).toUpperCase().padStart(4, '0');
    for (let block = 0x10; block <= 0xff; block++) {
      const creatorTag = `${groupHex}00${block.toString(16).toUpperCase().padStart(2, '0')}`;
      if (textOf(dataset, creatorTag).trim() !== creator) continue;
      const safe = elements.map((low) => `${groupHex}${((block << 8) | low).toString(16).toUpperCase().padStart(4, '0')}`).filter((tag) => tag in dataset);
      if (safe.length > 0) [creatorTag, ...safe].forEach((tag) => keep.add(tag));
    }
  }
  return keep;
}

function recordMethod(dataset: DicomDataset, patientId: string) {
  dataset[TAG.patientId] = { vr: 'LO', Value: [patientId] };
  dataset[TAG.patientIdentityRemoved] = { vr: 'CS', Value: ['YES'] };
  dataset[TAG.deidentificationMethod] = { vr: 'LO', Value: DEIDENTIFICATION_METHOD };
  dataset[TAG.deidentificationMethodCodes] = {
    vr: 'SQ',
    Value: METHOD_CODES.map(([code, meaning]) => ({
      '00080100': { vr: 'SH', Value: [code] },
      '00080102': { vr: 'SH', Value: ['DCM'] },
      '00080104': { vr: 'LO', Value: [meaning] },
    })),
  };
  dataset[TAG.longitudinalTemporalModified] = { vr: 'CS', Value: ['UNMODIFIED'] };
}
