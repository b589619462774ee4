import type { ContactBody } from '#shared/schemas/contact.ts';
import type { Language } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import { contactMail } from '../mail/templates.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';

/**
 * The public contact form (docs/v1-contract.md §1.20): the message is stored (the staff inbox) with its mail to
 * the company in one transaction, so a message is never lost to a failed send (docs/api.md deviations).
 * Returns the mail to deliver once committed.
 */
export async function storeContactMessage(db: Db, message: ContactBody, language: Language, company: CompanyMail): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...message, language });
    return queueMail(tx, 'contact', contactMail(company.t, { to: company.to, message }));
  });
}
