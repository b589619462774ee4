import type { LeftOutFile, LeftOutReason, StudySummary } from './study-summary.ts';

/** What the images are for: the analysis service's field set, or a calibration. */
export type IntakePurpose = 'dosimetry' | 'radiosyno' | 'segmentation' | 'calibration';

export type StudyCheck =
  | { level: 'block'; code: 'patients'; count: number }
  | { level: 'block'; code: 'modality'; modalities: string }
  | { level: 'block'; code: 'nothingReadable' }
  | { level: 'warn'; code: 'timing' | 'activity' | 'activityDiffers'; series: number }
  | {
      level: 'warn';
      code: LeftOutReason | 'notDicom';
      count: number;
      names: string;
    }
  | { level: 'warn'; code: 'studies'; count: number }
  | { level: 'warn'; code: 'burnedIn'; count: number };

/** The modalities a service needs at least one series of (none: any). */
const NEEDED_MODALITIES: Record<IntakePurpose, string[]> = {
  dosimetry: ['NM', 'PT'],
  radiosyno: ['NM', 'PT'],
  segmentation: [],
  calibration: [],
};

const listed = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');

/** The checks before anything is queued: a block stops the user; a warning lets them go on. */
export function checkStudy(summary: StudySummary, purpose: IntakePurpose): StudyCheck[] {
  const checks: StudyCheck[] = [];
  if (summary.dicomFiles === 0) checks.push({ level: 'block', code: 'nothingReadable' });
  if (summary.patients.length > 1)
    checks.push({
      level: 'block',
      code: 'patients',
      count: summary.patients.length,
    });
  const needed = NEEDED_MODALITIES[purpose];
  if (summary.dicomFiles > 0 && needed.length > 0 && !summary.series.some((series) => needed.includes(series.modality))) {
    checks.push({
      level: 'block',
      code: 'modality',
      modalities: [...new Set(summary.series.map((series) => series.modality || '?'))].join(', '),
    });
  }
  if (purpose === 'dosimetry') {
    const emission = summary.series.filter((series) => needed.includes(series.modality));
    const noTiming = emission.filter((series) => !series.acquisitionFrom || !series.injectionDateTime).length;
    const noActivity = emission.filter((series) => series.injectedActivityMBq === null).length;
    if (noTiming > 0) checks.push({ level: 'warn', code: 'timing', series: noTiming });
    const differing = emission.filter((series) => series.activityDiffers).length;
    if (noActivity > 0) checks.push({ level: 'warn', code: 'activity', series: noActivity });
    if (differing > 0) checks.push({ level: 'warn', code: 'activityDiffers', series: differing });
  }
  if (summary.studies > 1) checks.push({ level: 'warn', code: 'studies', count: summary.studies });
  checks.push(...leftOutChecks(summary.unreadable));
  if (summary.notDicom.length > 0)
    checks.push({
      level: 'warn',
      code: 'notDicom',
      count: summary.notDicom.length,
      names: listed(summary.notDicom),
    });
  const burned = summary.burnedIn + summary.secondaryCaptures;
  if (burned > 0) checks.push({ level: 'warn', code: 'burnedIn', count: burned });
  return checks;
}

/** A warning per reason files are left out (at the scan, or when de-identifying), naming the first few. */
export function leftOutChecks(files: LeftOutFile[]): StudyCheck[] {
  const reasons = [...new Set(files.map((file) => file.reason))];
  return reasons.map((reason) => {
    const names = files.filter((file) => file.reason === reason).map((file) => file.name);
    return { level: 'warn', code: reason, count: names.length, names: listed(names) };
  });
}

export const blocks = (checks: StudyCheck[]) => checks.some((check) => check.level === 'block');
