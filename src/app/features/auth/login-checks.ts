/**
 * The login form's checks, without zod: the login page loads nothing else to validate. The e-mail is
 * only checked for its shape (the account's address passed the full rules at signup; the server has the
 * last word). Each check gives translation keys of the shared `validation` namespace
 * ("validation:<key>"); an empty list means "fine".
 */

export type RuleKey = `validation:${string}`;
export type RuleErrors<F extends string> = Partial<Record<F, RuleKey[]>>;

/** "validation.nameTooShort" (the shared schemas' and rules' form) → "validation:nameTooShort". */
export const toRuleKey = (issue: string): RuleKey => `validation:${issue.replace(/^validation\./, '')}`;

export const REQUIRED: RuleKey[] = ['validation:required'];

export const isBlank = (value: string) => value.trim() === '';

/** Drops the fields without problems. */
export function compact<F extends string>(errors: Record<F, RuleKey[]>): RuleErrors<F> {
  const out: RuleErrors<F> = {};
  for (const [field, keys] of Object.entries(errors) as [F, RuleKey[]][]) if (keys.length > 0) out[field] = keys;
  return out;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkLoginEmail(email: string): RuleKey[] {
  if (isBlank(email)) return REQUIRED;
  return EMAIL_SHAPE.test(email.trim()) ? [] : ['validation:invalidEmail'];
}

export type LoginValues = {
  email: string;
  password: string;
};

export function validateLogin(values: LoginValues): RuleErrors<keyof LoginValues> {
  return compact({ email: checkLoginEmail(values.email), password: values.password === '' ? REQUIRED : [] });
}
