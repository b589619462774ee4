/**
 * The auth forms' checks that need no password rules (forgot password, and the name and e-mail of
 * signup): the shared zod schemas the server runs too. Apart from validation.ts, so the forgot-password
 * page does not load the password rules and their list of common passwords; the login form's own
 * checks (no zod) are in login-checks.ts.
 */
import type { z } from 'zod';
import { EmailSchema, NameSchema } from '#shared/schemas/users.ts';
import { REQUIRED, compact, isBlank, toRuleKey, type RuleErrors, type RuleKey } from './login-checks.ts';

export { REQUIRED, compact, isBlank, toRuleKey, validateLogin, type LoginValues, type RuleErrors, type RuleKey } from './login-checks.ts';

function schemaProblems(schema: z.ZodType, value: string): RuleKey[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [toRuleKey(result.error.issues[0]?.message ?? 'validation.invalid')];
}

export function checkName(name: string): RuleKey[] {
  return isBlank(name) ? REQUIRED : schemaProblems(NameSchema, name);
}

export function checkEmail(email: string): RuleKey[] {
  return isBlank(email) ? REQUIRED : schemaProblems(EmailSchema, email);
}

export type ForgotPasswordValues = {
  email: string;
};

export function validateForgotPassword(values: ForgotPasswordValues): RuleErrors<keyof ForgotPasswordValues> {
  return compact({ email: checkEmail(values.email) });
}
