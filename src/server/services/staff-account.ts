import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export interface StaffCredentials {
  email: string;
  password: string;
}

/** On an empty database, creates the first staff account and returns its credentials (shown once); otherwise null. */
export async function ensureStaffAccount(db: Db, email: string): Promise<StaffCredentials | null> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return null;
  const password = generatePassword();
  const inserted = await db
    .insert(users)
    .values({ email: email.toLowerCase(), passwordHash: await hashPassword(password), name: 'DoseHub staff', isStaff: true, emailVerifiedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? { email: email.toLowerCase(), password } : null;
}
