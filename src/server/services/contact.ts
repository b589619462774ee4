import type { ContactBody } from '#shared/schemas/contact.ts';
import type { Language } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import { writeAndPublish } from '../events/publish.ts';
import { contactMail } from '../mail/templates.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';

/**
 * The public contact form (docs/v1-contract.md §1.20): the message is stored (the staff inbox) with its mail to
 * the company in one transaction, so a message is never lost to a failed send (docs/api.md deviations); the mail
 * is sent once it has committed, without the request waiting for it.
 */
export async function storeContactMessage(db: Db, message: ContactBody, language: Language, company: CompanyMail): Promise<void> {
  const write = async (tx: Db) => {
    await tx.insert(contactMessages).values({ ...message, language });
    await queueMail(tx, 'contact', contactMail(company.t, { to: company.to, message }));
  };
  await writeAndPublish(db, write, () => null);
}
