import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library default) with OWASP's minimum: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/** A password a person can copy from a terminal: 20 characters of URL-safe base64 (120 bits). */
export const generatePassword = () => randomBytes(15).toString('base64url');
