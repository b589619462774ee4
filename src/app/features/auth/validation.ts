/**
 * The auth forms' client-side checks, before anything is sent: the shared zod schemas and password
 * rules the server runs too, so the browser says the same thing sooner. Each check gives translation
 * keys of the shared `validation` namespace ("validation:<key>"); an empty list means "fine". The
 * checks without password rules live in field-checks.ts (the login page loads only those).
 */
import { passwordProblems } from '#shared/passwords/rules.ts';
import { REQUIRED, checkEmail, checkName, compact, isBlank, toRuleKey, type RuleErrors, type RuleKey } from './field-checks.ts';

export {
  checkEmail,
  checkName,
  validateForgotPassword,
  validateLogin,
  type ForgotPasswordValues,
  type LoginValues,
  type RuleErrors,
  type RuleKey,
} from './field-checks.ts';

/** Both sides compare e-mails trimmed and case-insensitively (the server does `toLowerCase()` after zod's `trim()`). */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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
