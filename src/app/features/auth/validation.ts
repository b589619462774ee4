/**
 * The auth forms' client-side checks, before anything is sent: the shared zod schemas and password
 * rules the server runs too, so the browser says the same thing sooner. Each check gives translation
 * keys of the shared `validation` namespace ("validation:<key>"); an empty list means "fine".
 */
import type { z } from 'zod';
import { passwordProblems } from '#shared/passwords/rules.ts';
import { EmailSchema, NameSchema } from '#shared/schemas/users.ts';

export type RuleKey = `validation:${string}`;
export type RuleErrors<F extends string> = Partial<Record<F, RuleKey[]>>;

/** "validation.nameTooShort" (the shared schemas' and rules' form) → "validation:nameTooShort". */
const toRuleKey = (issue: string): RuleKey => `validation:${issue.replace(/^validation\./, '')}`;

const REQUIRED: RuleKey[] = ['validation:required'];

function schemaProblems(schema: z.ZodType, value: string): RuleKey[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [toRuleKey(result.error.issues[0]?.message ?? 'validation.invalid')];
}

const isBlank = (value: string) => value.trim() === '';

/** Both sides compare e-mails trimmed and case-insensitively (the server does `toLowerCase()` after zod's `trim()`). */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function checkName(name: string): RuleKey[] {
  return isBlank(name) ? REQUIRED : schemaProblems(NameSchema, name);
}

export function checkEmail(email: string): RuleKey[] {
  return isBlank(email) ? REQUIRED : schemaProblems(EmailSchema, email);
}

/** Every rule a new password breaks (length, common, numeric, similar to the e-mail when known). */
export function checkNewPassword(password: string, email?: string): RuleKey[] {
  return password === '' ? REQUIRED : passwordProblems(password, email?.trim() || null).map(toRuleKey);
}

export function checkPasswordConfirmation(confirmation: string, password: string): RuleKey[] {
  if (confirmation === '') return REQUIRED;
  return confirmation === password ? [] : ['validation:passwordMismatch'];
}

export type SignupValues = {
  name: string;
  email: string;
  confirmedEmail: string;
  password: string;
  passwordConfirm: string;
  acceptTerms: boolean;
};

export function validateSignup(values: SignupValues): RuleErrors<keyof SignupValues> {
  const emailProblems = checkEmail(values.email);
  const confirmedEmail = isBlank(values.confirmedEmail)
    ? REQUIRED
    : emailProblems.length === 0 && !sameEmail(values.email, values.confirmedEmail)
      ? (['validation:emailMismatch'] as RuleKey[])
      : [];
  return compact({
    name: checkName(values.name),
    email: emailProblems,
    confirmedEmail,
    password: checkNewPassword(values.password, emailProblems.length === 0 ? values.email : undefined),
    passwordConfirm: checkPasswordConfirmation(values.passwordConfirm, values.password),
    acceptTerms: values.acceptTerms ? [] : ['validation:acceptTerms'],
  });
}

export type LoginValues = {
  email: string;
  password: string;
};

export function validateLogin(values: LoginValues): RuleErrors<keyof LoginValues> {
  return compact({ email: checkEmail(values.email), password: values.password === '' ? REQUIRED : [] });
}

export type ForgotPasswordValues = {
  email: string;
};

export function validateForgotPassword(values: ForgotPasswordValues): RuleErrors<keyof ForgotPasswordValues> {
  return compact({ email: checkEmail(values.email) });
}

export type ResetPasswordValues = {
  newPassword: string;
  newPasswordConfirm: string;
};

export function validateResetPassword(values: ResetPasswordValues): RuleErrors<keyof ResetPasswordValues> {
  return compact({
    newPassword: checkNewPassword(values.newPassword),
    newPasswordConfirm: checkPasswordConfirmation(values.newPasswordConfirm, values.newPassword),
  });
}

/** Drops the fields without problems. */
function compact<F extends string>(errors: Record<F, RuleKey[]>): RuleErrors<F> {
  const out: RuleErrors<F> = {};
  for (const [field, keys] of Object.entries(errors) as [F, RuleKey[]][]) if (keys.length > 0) out[field] = keys;
  return out;
}
