import type { ProfileEntry } from '#shared/dicom/profile.ts';

/**
 * The groups the clinician sees what de-identification removes and keeps in (translated: `dicom:groups.*`),
 * each element named in the user's language when `dicom:elements.<keyword>` has it (the common ones), else by
 * the standard's English name; the keyword and tag stay as a technical hint.
 */
export type ElementGroup = 'patient' | 'staff' | 'visit' | 'text' | 'device' | 'dates' | 'characteristics' | 'other';

export const ELEMENT_GROUPS: readonly ElementGroup[] = ['patient', 'staff', 'visit', 'text', 'device', 'dates', 'characteristics', 'other'];

export interface SummaryElement {
  tag: string;
  /** The standard's (English) name, shown when no translation exists. */
  name: string;
  keyword: string;
  group: ElementGroup;
}

/** Removed elements by the words of their standard names, first match wins (a patient's comments are text). */
const REMOVED_GROUPS: [ElementGroup, RegExp][] = [
  ['text', /Comment|Description|History|Text|Note|Reason|Label|Protocol Name|Diagnos|Instructions|Remark/],
  ['device', /Device|Station|Serial|Manufacturer|Software|Detector|Gantry|Plate|Cassette|Camera|Equipment/],
  ['staff', /Physician|Operator|Institution|Department|Performer|Person|Author|Observer|Reviewer|Verifying|Requesting|Referring|Name of|Human|Creator|Recipient|Transcriber|Recorder|Approver|Organization|Sponsor|Coordinating|Committee|Site Name/],
  ['patient', /Patient|Mother|Birth|Military|Medical Record|Insurance|Religious|Occupation|Residence|Branch of Service|Medical Alerts|Allergies/],
  ['visit', /\bIDs?\b|Number|Identifier|Accession|Admission|Admitting|Visit|Order|Episode|Issuer|Barcode|Scheduled|Requested|Performed/],
  ['dates', /Date|Time/],
];

export function groupOf(entry: ProfileEntry): ElementGroup {
  if (entry.option === 'dates') return 'dates';
  if (entry.option) return 'characteristics';
  return REMOVED_GROUPS.find(([, words]) => words.test(entry.name))?.[0] ?? 'other';
}

/** The elements of a summary list by group, in ELEMENT_GROUPS' order, empty groups left out. */
export function byGroup(elements: SummaryElement[]): [ElementGroup, SummaryElement[]][] {
  return ELEMENT_GROUPS.map((group) => [group, elements.filter((element) => element.group === group)] as [ElementGroup, SummaryElement[]]).filter(
    ([, members]) => members.length > 0,
  );
}
