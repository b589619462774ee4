/**
 * The password rules v1 (Django's AUTH_PASSWORD_VALIDATORS) enforced, as one pure function: the server
 * calls it authoritatively, the browser forms call it for instant feedback.
 *
 * v1 ran MinimumLengthValidator(8), CommonPasswordValidator, NumericPasswordValidator and
 * UserAttributeSimilarityValidator(max_similarity=0.7); v2 adds a maximum length (the zod schemas in
 * schemas/users.ts reject longer passwords before this runs, with the same key).
 */
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { quickRatio } from './similarity.ts';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** Django's UserAttributeSimilarityValidator default. */
export const PASSWORD_MAX_SIMILARITY = 0.7;

/** Translation keys (locales/<lang>/server.json, validation.*), in the order they are checked. */
export type PasswordProblem =
  | 'validation.passwordTooShort'
  | 'validation.passwordTooLong'
  | 'validation.passwordTooCommon'
  | 'validation.passwordEntirelyNumeric'
  | 'validation.passwordTooSimilar';

/**
 * Every rule the password breaks, in checking order (short, long, common, numeric, similar);
 * an empty array when it is acceptable. `email` is the account's e-mail, when known.
 */
export function passwordProblems(password: string, email?: string | null): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Django counts code points ("😀" is one character); the maximum matches zod's `.max()`, which counts UTF-16 units.
  if (Array.from(password).length < PASSWORD_MIN_LENGTH) problems.push('validation.passwordTooShort');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('validation.passwordTooLong');
  if (isCommonPassword(password)) problems.push('validation.passwordTooCommon');
  if (isEntirelyNumeric(password)) problems.push('validation.passwordEntirelyNumeric');
  if (email && isTooSimilarToEmail(password, email)) problems.push('validation.passwordTooSimilar');
  return problems;
}

/** Django's CommonPasswordValidator: `password.lower().strip() in passwords`. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/**
 * Django's NumericPasswordValidator: `password.isdigit()`, true for the decimal digits of any script
 * ("١٢٣", "１２３"). Python's isdigit also counts superscripts and circled digits ("²", "①"); those are not matched here.
 */
export function isEntirelyNumeric(password: string): boolean {
  return /^\p{Nd}+$/u.test(password);
}

/**
 * Django's UserAttributeSimilarityValidator on the e-mail: the lower-cased password against the
 * lower-cased e-mail and each of its parts split on non-word characters ("maria.silva@example.com":
 * maria, silva, example, com and the whole address), parts shorter than 3 skipped; too similar when
 * difflib's quick_ratio reaches 0.7. Django compares with `quick_ratio()` (characters shared in any
 * order), not `ratio()`, so "airam2024" is too similar to "maria" just as in v1.
 */
export function isTooSimilarToEmail(password: string, email: string): boolean {
  const lowerPassword = password.toLowerCase();
  const lowerEmail = email.toLowerCase();
  // Python's \W is Unicode-aware: "joão.silva" splits into joão and silva, not jo, o and silva.
  const parts = [...lowerEmail.split(/[^\p{L}\p{N}_]+/u), lowerEmail];
  return parts.some((part) => Array.from(part).length >= 3 && quickRatio(lowerPassword, part) >= PASSWORD_MAX_SIMILARITY);
}
