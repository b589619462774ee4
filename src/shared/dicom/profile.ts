import { PROFILE_TABLE, type BasicAction, type OptionMark, type ProfileRow } from './profile-table.ts';

/**
 * The action each element of Table E.1-1 gets under DoseHub's profile: the Basic Profile with Retain
 * Longitudinal Temporal Information (Full Dates) and Retain Patient Characteristics. A compound code
 * resolves to its strictest letter X (remove), except Z/D → Z (the element stays, empty) and X/Z/U* →
 * U* (the reference sequence stays and its UIDs are replaced, so references still point at the study's
 * files); the standard allows each of these.
 */
export type Action = 'K' | 'C' | 'X' | 'Z' | 'D' | 'U' | 'U*';

const RESOLVED: Record<BasicAction, Exclude<Action, 'K' | 'C'>> = {
  D: 'D',
  Z: 'Z',
  X: 'X',
  U: 'U',
  'Z/D': 'Z',
  'X/Z': 'X',
  'X/D': 'X',
  'X/Z/D': 'X',
  'X/Z/U*': 'U*',
};

export function actionOf([, basic, , option]: ProfileRow): Action {
  if (option === 'dates' || option === 'patient:K') return 'K';
  if (option === 'patient:C') return 'C';
  return RESOLVED[basic];
}

export interface ProfileEntry {
  tag: string;
  name: string;
  action: Action;
  /** The option column that keeps it, if any (dates; patient characteristics). */
  option?: OptionMark;
}

const exact = new Map<string, ProfileEntry>();
const repeating: { pattern: RegExp; entry: ProfileEntry }[] = [];
for (const row of PROFILE_TABLE) {
  const entry: ProfileEntry = { tag: row[0], name: row[2], action: actionOf(row), ...(row[3] && { option: row[3] }) };
  if (row[0].includes('x')) repeating.push({ pattern: new RegExp(`^${row[0].replace(/x/g, '[0-9A-F]')}$`), entry });
  else exact.set(row[0], entry);
}

/** The profile's entry for a tag (8 upper-case hex digits), or undefined when the table does not list it. */
export function profileEntryOf(tag: string): ProfileEntry | undefined {
  return exact.get(tag) ?? repeating.find(({ pattern }) => pattern.test(tag))?.entry;
}

export const isPrivateTag = (tag: string) => parseInt(tag.slice(0, 4), 16) % 2 === 1;
