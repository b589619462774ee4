import { IOD_TYPES } from './iod-types.ts';
import { PROFILE_TABLE, type OptionMark, type ProfileRow } from './profile-table.ts';

/**
 * The action each element of Table E.1-1 gets under DoseHub's profile: the Basic Profile with Retain
 * Longitudinal Temporal Information (Full Dates) and Retain Patient Characteristics. A compound code
 * (X/Z, X/D, X/Z/D, Z/D) resolves by the element's type in the object's IOD (iod-types.ts), the least
 * destructive letter it allows, as PS3.15 E.3.1 asks: D for type 1, Z for type 2, X for type 3, so a copy
 * is never less valid than its original. An IOD the table lacks takes the strictest type any IOD gives
 * the element. X/Z/U* → U* always (the reference sequence stays and its UIDs are replaced, so references
 * still point at the study's files).
 */
export type Action = 'K' | 'C' | 'X' | 'Z' | 'D' | 'U' | 'U*';
type ElementType = '1' | '2' | '3';

const PREFERENCE: Record<ElementType, readonly Action[]> = { '1': ['D', 'Z', 'X'], '2': ['Z', 'D', 'X'], '3': ['X', 'Z', 'D'] };

/** The strictest type each element has in any IOD of the table: what an unknown SOP class gets. */
const STRICTEST = new Map<string, ElementType>();
for (const types of Object.values(IOD_TYPES)) {
  for (const [tag, type] of Object.entries(types)) if (type < (STRICTEST.get(tag) ?? '3')) STRICTEST.set(tag, type);
}

function typeIn(tag: string, sopClass: string | undefined): ElementType {
  if (sopClass === undefined) return '3';
  const types = IOD_TYPES[sopClass.trim()];
  return (types ? types[tag] : STRICTEST.get(tag)) ?? '3';
}

/** The action of a row for an object of the SOP class (type 3 for every element when it is not given). */
export function actionOf([tag, basic, , option]: ProfileRow, sopClass?: string): Action {
  if (option === 'dates' || option === 'patient:K') return 'K';
  if (option === 'patient:C') return 'C';
  if (basic === 'X/Z/U*') return 'U*';
  const letters = basic.split('/');
  return PREFERENCE[typeIn(tag, sopClass)].find((letter) => letters.includes(letter))!;
}

export interface ProfileEntry {
  tag: string;
  name: string;
  action: Action;
  /** The option column that keeps it, if any (dates; patient characteristics). */
  option?: OptionMark;
}

const exact = new Map<string, ProfileRow>();
const repeating: { pattern: RegExp; row: ProfileRow }[] = [];
for (const row of PROFILE_TABLE) {
  if (row[0].includes('x')) repeating.push({ pattern: new RegExp(`^${row[0].replace(/x/g, '[0-9A-F]')}$`), row });
  else exact.set(row[0], row);
}

/**
 * The profile's entry for a tag (8 upper-case hex digits) in an object of the SOP class, or undefined
 * when the table does not list it.
 */
export function profileEntryOf(tag: string, sopClass?: string): ProfileEntry | undefined {
  const row = exact.get(tag) ?? repeating.find(({ pattern }) => pattern.test(tag))?.row;
  return row && { tag: row[0], name: row[2], action: actionOf(row, sopClass), ...(row[3] && { option: row[3] }) };
}

export const isPrivateTag = (tag: string) => parseInt(tag.slice(0, 4), 16) % 2 === 1;
