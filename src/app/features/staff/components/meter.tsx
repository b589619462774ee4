import classes from './meter.module.css';

/**
 * A plain progress bar (`<progress>`, read by screen readers with its name and percentage). Not Mantine's
 * Progress: sharing that with the clients' screens would split it into a chunk of its own listed in the preloads of `/`.
 */
export function Meter({ value, label, width }: { value: number; label: string; width?: number }) {
  return <progress className={classes.meter} value={Math.round(value)} max={100} aria-label={label} style={width ? { width } : undefined} />;
}
