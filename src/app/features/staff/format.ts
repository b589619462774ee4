import { useLanguage } from '#app/lib/use-language.ts';

/** Money, dates and times in the reader's language (BRL everywhere: the company bills in reais). */
export function useStaffFormat() {
  const language = useLanguage();
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return {
    money: (value: number) => money.format(value),
    /** "YYYY-MM-DD…" as a calendar day, never shifted by the time zone; a full timestamp as date and time. */
    date: (value: string) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
      const parsed = new Date(value);
      return Number.isNaN(parsed.getTime()) ? value : moment.format(parsed);
    },
  };
}
