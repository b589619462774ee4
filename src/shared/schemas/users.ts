import { z } from 'zod';
import { CnpjSchema, CpfSchema, PhoneSchema } from '../brazil/schemas.ts';
import { PASSWORD_MAX_LENGTH } from '../passwords/limits.ts';

/** Zod issue messages here are translation keys (locales/server.json, validation.*), translated by whoever shows them. */
const required = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') };

export const EmailSchema = z
  .string(required)
  .trim()
  .max(254, 'validation.emailTooLong')
  .pipe(z.email('validation.invalidEmail'))
  // The document describes the input: an address (spaces around it are trimmed).
  .meta({ format: 'email' });

/** Letters (any script), spaces, dots, hyphens and apostrophes: "Ana-Maria D'Ávila Jr." (v1 rejected the last two). */
export const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;
export const NameSchema = z
  .string(required)
  .trim()
  .min(3, 'validation.nameTooShort')
  .max(150, 'validation.nameTooLong')
  .regex(NAME_PATTERN, 'validation.nameLettersOnly');

export const PasswordSchema = z.string(required).min(1, 'validation.required').max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong');
const ShortText = (max: number) => z.string(required).trim().max(max, 'validation.tooLongText');
/** An optional field where "" means "no value" (clears it on PATCH). */
const optionalOrEmpty = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const AuthResponse = z
  .object({
    id: z.uuid(),
    isStaff: z.boolean(),
    /** A staff account without a second factor: enrol one before anything of /staff (issue 31). */
    secondFactorRequired: z.boolean().optional(),
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const RegisterBody = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    confirmedEmail: EmailSchema,
    password1: PasswordSchema,
    password2: PasswordSchema,
    acceptTerms: z.literal(true, 'validation.acceptTerms'),
    phone: optionalOrEmpty(PhoneSchema),
    clinic: optionalOrEmpty(ShortText(80)),
    role: optionalOrEmpty(ShortText(80)),
    cpf: optionalOrEmpty(CpfSchema),
    cnpj: optionalOrEmpty(CnpjSchema),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z
  .object({
    email: EmailSchema.optional(),
    /** v1: the e-mail under another name. */
    username: z.string().trim().max(254).optional(),
    password: z.string(required).min(1, 'validation.required').max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshResponse = z
  .object({ accessTokenExpiration: z.iso.datetime({ offset: true }), refrashTokenExpiration: z.iso.datetime({ offset: true }) })
  .meta({ id: 'RefreshResponse' });

export const LogoutResponse = z.object({ detail: z.string() }).meta({ id: 'LogoutResponse' });
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

export const ResetPasswordBody = z.object({ email: EmailSchema }).meta({ id: 'ResetPasswordBody' });
export const ResetPasswordConfirmBody = z
  .object({ token: z.string(required).min(1, 'validation.required').max(512), newPassword1: PasswordSchema, newPassword2: PasswordSchema })
  .meta({ id: 'ResetPasswordConfirmBody' });
export type ResetPasswordConfirmBody = z.infer<typeof ResetPasswordConfirmBody>;

export const ChangePasswordBody = z
  .object({ oldPassword: PasswordSchema, newPassword1: PasswordSchema, newPassword2: PasswordSchema })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const UserIdParams = z.object({ uid: z.uuid('validation.invalidUuid') });

export const Profile = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    role: z.string(),
    clinic: z.string(),
    /** Masked 000.000.000-00, or "" (v1). */
    cpf: z.string(),
    /** Masked 00.000.000/0000-00, or "" (v1). */
    cnpj: z.string(),
    /** Which of them a bill was issued to, when any: read-only from then on (a change → 409). DoseHub addition. */
    billed: z.array(z.enum(['cpf', 'cnpj'])).optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** name, clinic, role, cpf and cnpj; an omitted field keeps its value, "" clears an optional one. */
export const ProfilePatchBody = z
  .object({
    name: NameSchema.optional(),
    clinic: optionalOrEmpty(ShortText(80)),
    role: optionalOrEmpty(ShortText(80)),
    // Copies: the JSON Schema of the document drops a transforming schema met a second time (RegisterBody has these).
    cpf: optionalOrEmpty(CpfSchema.clone()),
    cnpj: optionalOrEmpty(CnpjSchema.clone()),
  })
  .meta({ id: 'ProfilePatchBody' });
export type ProfilePatchBody = z.infer<typeof ProfilePatchBody>;

export const EmailStatus = z.object({ email: z.string(), verified: z.boolean() }).meta({ id: 'EmailStatus' });
export type EmailStatus = z.infer<typeof EmailStatus>;
export const EmailPatchBody = z.object({ email: EmailSchema }).meta({ id: 'EmailPatchBody' });
export const VerifyEmailBody = z.object({ token: z.string(required).min(1, 'validation.required').max(512) }).meta({ id: 'VerifyEmailBody' });

export const PhoneStatus = z.object({ phone: z.string() }).meta({ id: 'PhoneStatus' });
export const PhonePatchBody = z.object({ phone: PhoneSchema }).meta({ id: 'PhonePatchBody' });
