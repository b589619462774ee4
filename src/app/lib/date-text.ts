/**
 * Dates as the user types them, in the interface language's order (dd/mm/yyyy in pt-BR and es, mm/dd/yyyy in
 * en-US) and clock (24-hour in pt-BR and es, 12-hour with AM/PM in en-US) whatever the browser's own locale, and back
 * to the ISO values forms keep: a day `2024-05-11`, a local date-time `2024-05-11T09:30` (`:ss` only when typed),
 * as `<input type="date">`/`datetime-local` gave them.
 */

type Order = ['day' | 'month' | 'year', 'day' | 'month' | 'year', 'day' | 'month' | 'year'];

const orders = new Map<string, Order>();

/** The order the language writes a day's parts in. */
function orderOf(language: string): Order {
  let order = orders.get(language);
  if (!order) {
    const parts = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2024, 10, 22));
    order = parts.map((part) => part.type).filter((type) => type === 'day' || type === 'month' || type === 'year') as Order;
    orders.set(language, order);
  }
  return order;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2024-05-11` as the language writes it: 11/05/2024, 05/11/2024. */
export function dayText(iso: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return '';
  const parts = { year: match[1]!, month: match[2]!, day: match[3]! };
  return orderOf(language)
    .map((type) => parts[type])
    .join('/');
}

const twelveHour = new Map<string, boolean>();

/** Whether the language's clock runs 1–12 with AM/PM (en-US) rather than 0–23. */
function usesTwelveHours(language: string): boolean {
  let twelve = twelveHour.get(language);
  if (twelve === undefined) {
    const cycle = new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle;
    twelve = cycle === 'h12' || cycle === 'h11';
    twelveHour.set(language, twelve);
  }
  return twelve;
}

/** A local date-time (`2024-05-11T09:30[:ss]`) as the language writes it: 11/05/2024 09:30, 05/11/2024 9:30 AM. */
export function dateTimeText(local: string, language: string): string {
  const time = /T(\d{2}):(\d{2}(?::\d{2})?)/.exec(local);
  const day = dayText(local, language);
  if (!day || !time) return '';
  if (!usesTwelveHours(language)) return `${day} ${time[1]}:${time[2]}`;
  const hour = Number(time[1]);
  return `${day} ${hour % 12 || 12}:${time[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An hour as typed (with AM/PM or without: a 24-hour clock is understood in every language) on a 0–23 clock; null when none. */
function hourOf(typed: number, meridiem: string | undefined): number | null {
  if (!meridiem) return typed <= 23 ? typed : null;
  if (typed < 1 || typed > 12) return null;
  return (typed % 12) + (/^p/i.test(meridiem) ? 12 : 0);
}

/** The day in typed text (any separator, or 8 digits run together) as `YYYY-MM-DD`, or null when it is not a calendar day. */
function parseDay(text: string, language: string): string | null {
  const trimmed = text.trim();
  const numbers = /^\d{8}$/.test(trimmed) ? [trimmed.slice(0, 2), trimmed.slice(2, 4), trimmed.slice(4)] : trimmed.split(/[^\d]+/).filter(Boolean);
  if (numbers.length !== 3 || numbers[2]!.length !== 4 || numbers.some((number, index) => index < 2 && number.length > 2)) return null;
  const order = orderOf(language);
  const value = (type: Order[number]) => Number(numbers[order.indexOf(type)]);
  const [year, month, day] = [value('year'), value('month'), value('day')];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Typed text as a day (`YYYY-MM-DD`); '' for nothing typed, null for text that is not a day in the language's order. */
export function parseDayText(text: string, language: string): string | null {
  return text.trim() ? parseDay(text, language) : '';
}

/** Typed text as a local date-time (`YYYY-MM-DDTHH:mm[:ss]`); '' for nothing typed, null when it is not one. */
export function parseDateTimeText(text: string, language: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(.+?)[\s,]+(\d{1,2}):?(\d{2})(?::(\d{2}))?\s*([ap]\.?\s?m\.?)?$/i.exec(trimmed);
  if (!match) return null;
  const day = parseDay(match[1]!, language);
  const [hour, minute, second] = [hourOf(Number(match[2]), match[5]), Number(match[3]), match[4] === undefined ? undefined : Number(match[4])];
  if (!day || hour === null || minute > 59 || (second ?? 0) > 59) return null;
  return `${day}T${pad(hour)}:${pad(minute)}${second === undefined ? '' : `:${pad(second)}`}`;
}
