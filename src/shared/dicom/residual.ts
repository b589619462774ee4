import { TAG, textOf, type DicomDataset, type DicomElement } from './dicom-dataset.ts';
import { DEIDENTIFICATION_METHOD, safePrivateTags } from './deidentify.ts';
import { isPrivateTag, profileEntryOf } from './profile.ts';

/**
 * What in a data set's header (top level) shows it was not de-identified by the profile: the names of
 * elements the profile removes (X) or empties (Z) in this object's IOD still holding a value, private elements, and a missing
 * Patient Identity Removed = YES. Empty when the file looks de-identified. Used by the server on uploads.
 */
export function identifyingElementsIn(dataset: DicomDataset): string[] {
  const found: string[] = [];
  if (textOf(dataset, TAG.patientIdentityRemoved).trim().toUpperCase() !== 'YES') found.push('Patient Identity Removed');
  const safe = safePrivateTags(dataset);
  const sopClass = textOf(dataset, TAG.sopClass);
  for (const [tag, element] of Object.entries(dataset)) {
    if (isPrivateTag(tag)) {
      if (!safe.has(tag)) found.push(`Private (${tag.slice(0, 4)},${tag.slice(4)})`);
      continue;
    }
    const entry = profileEntryOf(tag, sopClass);
    if (!entry || tag === TAG.patientId) continue;
    if ((entry.action === 'X' || entry.action === 'Z') && holdsValue(element)) found.push(entry.name);
  }
  return found;
}

function holdsValue(element: DicomElement): boolean {
  const values = element.Value ?? [];
  if (element.vr === 'SQ') return values.length > 0;
  return values.some((value) =>
    typeof value === 'object' && value !== null ? Boolean((value as { Alphabetic?: string }).Alphabetic) : value !== '' && value !== null,
  );
}

/** Whether this data set says DoseHub's profile was applied (the method it records). */
export const deidentifiedByDoseHub = (dataset: DicomDataset) => textOf(dataset, TAG.deidentificationMethod) === DEIDENTIFICATION_METHOD[0];
