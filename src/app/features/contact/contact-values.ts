import { CONTACT_FIELDS, type ContactField } from '#shared/contact-fields.ts';

/**
 * The contact form's values, client checks and draft (no zod here: /contact, a public page, does not load it). The server checks everything (docs/v1-contract.md
 * §1.20) and its translated messages go beside their fields; here only what needs no server: a blank field.
 */

export type ContactValues = Record<ContactField, string>;
export type { ContactField };

export const emptyContact = (): ContactValues => Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as ContactValues;

/** The API's fields (camel case, as its errors name them) → the form's fields. */
export const SERVER_FIELDS: Readonly<Record<string, ContactField>> = {
  fullName: 'fullName',
  email: 'email',
  role: 'role',
  clinic: 'clinic',
  phone: 'phone',
  subject: 'subject',
  message: 'message',
};

export function checkContact(values: ContactValues): Partial<Record<ContactField, string[]>> {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, values[field].trim() === '' ? ['validation:required'] : []]));
}

/**
 * The draft lives in this tab's sessionStorage, so a reload (offline too: the page comes from the service
 * worker) keeps what was typed; it is removed once the message is sent. Not localStorage: a shared hospital
 * computer should not keep a visitor's message for the next person.
 */
const DRAFT_KEY = 'dosehub-contact-draft';

export function readDraft(): ContactValues | null {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    const draft = emptyContact();
    for (const field of CONTACT_FIELDS) {
      const value = (saved as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(values: ContactValues) {
  try {
    if (CONTACT_FIELDS.some((field) => values[field] !== '')) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused (private mode, quota): the values stay in the page.
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}
