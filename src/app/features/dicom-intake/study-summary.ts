import { TAG, itemsOf, numberOf, textOf, type DicomDataset } from '#shared/dicom/dicom-dataset.ts';
import { keywordOf } from '#shared/dicom/dicom-file.ts';
import { isPrivateTag, profileEntryOf, type ProfileEntry } from '#shared/dicom/profile.ts';
import { activityInMBq } from './activity.ts';
import { groupOf, type SummaryElement } from './element-groups.ts';

/**
 * What the clinician sees before anything is queued: a summary per series of the chosen DICOM files
 * and the checks (study-checks.ts). Built in the worker from each file's header, one file at a time.
 */
export interface SeriesSummary {
  modality: string;
  description: string;
  images: number;
  studyDate: string | null;
  /** Earliest and latest acquisition of the series, 'YYYY-MM-DD HH:MM:SS'. */
  acquisitionFrom: string | null;
  acquisitionTo: string | null;
  radiopharmaceutical: string | null;
  /** Radionuclide Total Dose in MBq, whatever unit the modality writes it in (activity.ts). */
  injectedActivityMBq: number | null;
  /** Images of the series give different activities (the first is shown). */
  activityDiffers: boolean;
  injectionDateTime: string | null;
  patientWeightKg: number | null;
}

/**
 * Why a file is left out: it could not be opened (`unreadable`), ends before its pixel data does
 * (`cutShort`), names a character set no decoder here knows (`characterSet`), or the reader refused it
 * (`damaged`). It is listed, never sent.
 */
export type LeftOutReason = 'unreadable' | 'cutShort' | 'characterSet' | 'damaged';
export interface LeftOutFile {
  name: string;
  reason: LeftOutReason;
}

export interface OriginalPatient {
  name: string;
  id: string;
}

export interface StudySummary {
  dicomFiles: number;
  bytes: number;
  series: SeriesSummary[];
  /** The distinct patients (name and ID as the files say: shown and kept only on this device). */
  patients: OriginalPatient[];
  studies: number;
  notDicom: string[];
  unreadable: LeftOutFile[];
  burnedIn: number;
  secondaryCaptures: number;
  privateElements: number;
  /** The profile elements present that will be removed, emptied or replaced. */
  removed: SummaryElement[];
  /** The profile elements present that the options keep (dates, times, patient characteristics). */
  kept: SummaryElement[];
}

export const emptySummary = (): StudySummary => ({
  dicomFiles: 0,
  bytes: 0,
  series: [],
  patients: [],
  studies: 0,
  notDicom: [],
  unreadable: [],
  burnedIn: 0,
  secondaryCaptures: 0,
  privateElements: 0,
  removed: [],
  kept: [],
});

/** Accumulates file headers into a summary. */
export class SummaryBuilder {
  private readonly summary = emptySummary();
  private readonly series = new Map<string, SeriesSummary>();
  private readonly patients = new Map<string, OriginalPatient>();
  private readonly studies = new Set<string>();
  private readonly removed = new Map<string, ProfileEntry>();
  private readonly kept = new Map<string, ProfileEntry>();

  addDicom(dataset: DicomDataset, bytes: number) {
    this.summary.dicomFiles += 1;
    this.summary.bytes += bytes;
    const patient = {
      name: textOf(dataset, TAG.patientName),
      id: textOf(dataset, TAG.patientId),
    };
    this.patients.set(`${patient.id}\u0000${patient.name}`, patient);
    this.studies.add(textOf(dataset, TAG.studyInstance));
    if (textOf(dataset, TAG.burnedInAnnotation).toUpperCase() === 'YES') this.summary.burnedIn += 1;
    if (textOf(dataset, TAG.sopClass).startsWith('1.2.840.10008.5.1.4.1.1.7')) this.summary.secondaryCaptures += 1;
    this.noteElements(dataset);
    this.addToSeries(dataset);
  }

  addNotDicom(name: string) {
    this.summary.notDicom.push(name);
  }

  addUnreadable(name: string, reason: LeftOutReason) {
    this.summary.unreadable.push({ name, reason });
  }

  result(): StudySummary {
    return {
      ...this.summary,
      series: [...this.series.values()],
      patients: [...this.patients.values()],
      studies: this.studies.size,
      removed: elementsOf(this.removed),
      kept: elementsOf(this.kept),
    };
  }

  private noteElements(dataset: DicomDataset) {
    const sopClass = textOf(dataset, TAG.sopClass);
    for (const tag of Object.keys(dataset)) {
      if (isPrivateTag(tag)) {
        this.summary.privateElements += 1;
        continue;
      }
      const entry = profileEntryOf(tag, sopClass);
      if (!entry || entry.action === 'U' || entry.action === 'U*') continue;
      (entry.action === 'K' || entry.action === 'C' ? this.kept : this.removed).set(entry.name, entry);
    }
  }

  private addToSeries(dataset: DicomDataset) {
    const key = textOf(dataset, TAG.seriesInstance);
    const series = this.series.get(key) ?? newSeries(dataset);
    this.series.set(key, series);
    series.images += 1;
    const activity = activityOf(dataset);
    if (series.injectedActivityMBq === null) series.injectedActivityMBq = activity;
    else if (activity !== null && activity !== series.injectedActivityMBq) series.activityDiffers = true;
    const acquired = acquisitionOf(dataset);
    if (acquired && (!series.acquisitionFrom || acquired < series.acquisitionFrom)) series.acquisitionFrom = acquired;
    if (acquired && (!series.acquisitionTo || acquired > series.acquisitionTo)) series.acquisitionTo = acquired;
  }
}

const elementsOf = (entries: Map<string, ProfileEntry>): SummaryElement[] =>
  [...entries.values()]
    .map((entry) => ({ tag: entry.tag, name: entry.name, keyword: keywordOf(entry.tag), group: groupOf(entry) }))
    .sort((a, b) => a.name.localeCompare(b.name));

function newSeries(dataset: DicomDataset): SeriesSummary {
  const drug = itemsOf(dataset, TAG.radiopharmaceuticalInformation)[0];
  return {
    modality: textOf(dataset, TAG.modality).trim(),
    description: textOf(dataset, TAG.seriesDescription).trim(),
    images: 0,
    studyDate: formatDateTime(textOf(dataset, TAG.studyDate), textOf(dataset, TAG.studyTime)),
    acquisitionFrom: null,
    acquisitionTo: null,
    radiopharmaceutical: drug ? radiopharmaceuticalOf(drug) : null,
    injectedActivityMBq: null,
    activityDiffers: false,
    injectionDateTime: drug ? injectionOf(drug, textOf(dataset, TAG.seriesDate) || textOf(dataset, TAG.studyDate)) : null,
    patientWeightKg: numberOf(dataset, TAG.patientWeight),
  };
}

function activityOf(dataset: DicomDataset): number | null {
  const drug = itemsOf(dataset, TAG.radiopharmaceuticalInformation)[0];
  return drug ? activityInMBq(textOf(dataset, TAG.modality).trim(), numberOf(drug, TAG.radionuclideTotalDose)) : null;
}

function radiopharmaceuticalOf(drug: DicomDataset): string | null {
  const named = textOf(drug, TAG.radiopharmaceutical).trim();
  const nuclide = itemsOf(drug, TAG.radionuclideCode)[0];
  return named || (nuclide ? textOf(nuclide, TAG.codeMeaning).trim() : '') || null;
}

function injectionOf(drug: DicomDataset, seriesDate: string): string | null {
  const dateTime = textOf(drug, TAG.radiopharmaceuticalStartDateTime).trim();
  if (dateTime.length >= 12) return formatDateTime(dateTime.slice(0, 8), dateTime.slice(8));
  const time = textOf(drug, TAG.radiopharmaceuticalStartTime).trim();
  return time ? formatDateTime(seriesDate, time) : null;
}

function acquisitionOf(dataset: DicomDataset): string | null {
  const dateTime = textOf(dataset, TAG.acquisitionDateTime).trim();
  if (dateTime.length >= 12) return formatDateTime(dateTime.slice(0, 8), dateTime.slice(8));
  const time = textOf(dataset, TAG.acquisitionTime).trim();
  const date = textOf(dataset, TAG.acquisitionDate).trim() || textOf(dataset, TAG.seriesDate).trim() || textOf(dataset, TAG.studyDate).trim();
  return time ? formatDateTime(date, time) : null;
}

/** DICOM DA + TM → 'YYYY-MM-DD HH:MM:SS' (or just the date), null when the date is missing or malformed. */
export function formatDateTime(date: string, time: string): string | null {
  const day = date.trim();
  if (!/^\d{8}$/.test(day)) return null;
  const formatted = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
  const clock = time.trim().replace(/:/g, '');
  if (!/^\d{2,6}/.test(clock)) return formatted;
  const padded = clock.slice(0, 6).padEnd(6, '0');
  return `${formatted} ${padded.slice(0, 2)}:${padded.slice(2, 4)}:${padded.slice(4, 6)}`;
}
