/**
 * The auth forms' checks that need no password rules (login, forgot password): the shared zod schemas
 * the server runs too. Apart from validation.ts, so the login page does not load the password rules and
 * their list of common passwords. Each check gives translation keys of the shared `validation`
 * namespace ("validation:<key>"); an empty list means "fine".
 */
import type { z } from 'zod';
import { EmailSchema, NameSchema } from '#shared/schemas/users.ts';

export type RuleKey = `validation:${string}`;
export type RuleErrors<F extends string> = Partial<Record<F, RuleKey[]>>;

/** "validation.nameTooShort" (the shared schemas' and rules' form) → "validation:nameTooShort". */
export const toRuleKey = (issue: string): RuleKey => `validation:${issue.replace(/^validation\./, '')}`;

export const REQUIRED: RuleKey[] = ['validation:required'];

function schemaProblems(schema: z.ZodType, value: string): RuleKey[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [toRuleKey(result.error.issues[0]?.message ?? 'validation.invalid')];
}

export const isBlank = (value: string) => value.trim() === '';

export function checkName(name: string): RuleKey[] {
  return isBlank(name) ? REQUIRED : schemaProblems(NameSchema, name);
}

export function checkEmail(email: string): RuleKey[] {
  return isBlank(email) ? REQUIRED : schemaProblems(EmailSchema, email);
}

/** Drops the fields without problems. */
export function compact<F extends string>(errors: Record<F, RuleKey[]>): RuleErrors<F> {
  const out: RuleErrors<F> = {};
  for (const [field, keys] of Object.entries(errors) as [F, RuleKey[]][]) if (keys.length > 0) out[field] = keys;
  return out;
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
