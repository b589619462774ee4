import type { Language } from '#shared/languages.ts';

/**
 * A transfer's sizes, speed and time left in the reader's language (Intl units). Pure and on its own, so the
 * queued uploads' list and the back-office's report upload say the same without one importing the other's chunk.
 */

const unitFormatters = new Map<string, Intl.NumberFormat>();
function unit(language: Language, name: string, value: number, digits = 1) {
  const key = `${language}|${name}|${digits}`;
  let formatter = unitFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits });
    unitFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** 1.5 MB, 230 kB (decimal units, as disks and networks count). */
export function formatBytes(bytes: number, language: Language) {
  if (bytes >= 1e9) return unit(language, 'gigabyte', bytes / 1e9, 2);
  if (bytes >= 1e6) return unit(language, 'megabyte', bytes / 1e6);
  return unit(language, 'kilobyte', bytes / 1e3, 0);
}

export function formatSpeed(bytesPerSecond: number, language: Language) {
  return bytesPerSecond >= 1e6 ? unit(language, 'megabyte-per-second', bytesPerSecond / 1e6) : unit(language, 'kilobyte-per-second', bytesPerSecond / 1e3, 0);
}

/** 1 h 5 min, 2 min 10 s, 40 s. */
export function formatDuration(seconds: number, language: Language) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${unit(language, 'hour', h, 0)} ${unit(language, 'minute', m, 0)}`;
  if (m > 0) return `${unit(language, 'minute', m, 0)} ${unit(language, 'second', s, 0)}`;
  return unit(language, 'second', s, 0);
}

export interface TransferPace {
  bytesDone: number;
  bytesTotal: number;
  /** Bytes per second (smoothed); null until measured. */
  speed: number | null;
}

/** Seconds left at the current speed, or null when unknown. */
export function secondsLeft({ bytesDone, bytesTotal, speed }: TransferPace): number | null {
  if (!speed || speed <= 0) return null;
  return Math.max(0, Math.ceil((bytesTotal - bytesDone) / speed));
}

/** Whole percent done (0 before the size is known). */
export const percentOf = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 0);

/** Any `t` that reads the `uploads` namespace. */
type Translate = (key: 'uploads:speed' | 'uploads:timeLeft', values: Record<string, string>) => string;

/** " · 2,5 MB/s · faltam 4 s" once the speed is known (the `uploads` namespace's texts); before that, nothing. */
export function pace(t: Translate, language: Language, progress: TransferPace): string {
  const left = secondsLeft(progress);
  return (
    (progress.speed ? ` · ${t('uploads:speed', { speed: formatSpeed(progress.speed, language) })}` : '') +
    (left !== null ? ` · ${t('uploads:timeLeft', { time: formatDuration(left, language) })}` : '')
  );
}
