import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, CONTACT_LIMITS } from '../contact-fields.ts';
import { ContactBody } from './contact.ts';

describe('ContactBody', () => {
  it("checks the fields in the form's order (the order of v1's messages)", () => {
    expect(Object.keys(ContactBody.shape)).toEqual([...CONTACT_FIELDS]);
  });

  it.each(Object.entries(CONTACT_LIMITS))('%s: up to %i characters, spaces around trimmed', (field, max) => {
    const valid = { fullName: 'Ana', email: 'ana@example.com', role: 'física', clinic: 'Sol', phone: '11987654321', subject: 's', message: 'm' };
    expect(ContactBody.safeParse({ ...valid, [field]: ` ${'x'.repeat(max)} ` }).success).toBe(true);
    expect(ContactBody.safeParse({ ...valid, [field]: 'x'.repeat(max + 1) }).success).toBe(false);
  });
});
