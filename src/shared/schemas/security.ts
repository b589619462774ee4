import { z } from 'zod';
import { PasswordSchema } from './users.ts';

/**
 * Strong sign-in (issue 31): the second step of a sign-in, the authenticator app (TOTP) and its recovery codes.
 * Zod messages are translation keys (locales/…/validation.json).
 */

/** The access token's `amr` claim (RFC 8176): password, authenticator code (`otp`), passkey (`hwk`). */
export const AuthMethod = z.enum(['pwd', 'otp', 'hwk']).meta({ id: 'AuthMethod' });
export type AuthMethod = z.infer<typeof AuthMethod>;

/** The ways to finish a sign-in this account has. */
export const SecondStepMethod = z.enum(['totp', 'recovery', 'passkey']);
export type SecondStepMethod = z.infer<typeof SecondStepMethod>;

/** 202 to a right password when the account has a second factor: no session yet, the challenge is in a cookie. */
export const SecondStepRequired = z
  .object({ secondStep: z.array(SecondStepMethod).min(1) })
  .meta({ id: 'SecondStepRequired', description: 'The password was right; send the second step (POST /users/login/second-step/) within 5 minutes.' });
export type SecondStepRequired = z.infer<typeof SecondStepRequired>;

export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.totpCodeFormat')
  .meta({ examples: ['492039'] });
export const RecoveryCode = z
  .string()
  .trim()
  .min(10, 'validation.recoveryCodeFormat')
  .max(40, 'validation.recoveryCodeFormat')
  .meta({ examples: ['k7m2p-x9qrt'] });

/** Either the authenticator's 6 digits or one unused recovery code. */
export const SecondStepBody = z
  .object({ code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
  .meta({ id: 'SecondStepBody' });
export type SecondStepBody = z.infer<typeof SecondStepBody>;

export const PasskeySummary = z
  .object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime({ offset: true }), lastUsedAt: z.iso.datetime({ offset: true }).nullable() })
  .meta({ id: 'PasskeySummary' });
export type PasskeySummary = z.infer<typeof PasskeySummary>;

export const SecurityStatus = z
  .object({
    totp: z.boolean(),
    passkeys: z.array(PasskeySummary),
    recoveryCodesLeft: z.number().int().nonnegative(),
    /** Staff without a second factor: nothing of /staff until one is added. */
    secondFactorRequired: z.boolean(),
    /** How this session was signed in. */
    amr: z.array(AuthMethod),
  })
  .meta({ id: 'SecurityStatus' });
export type SecurityStatus = z.infer<typeof SecurityStatus>;

export const TotpEnrolment = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** otpauth://totp/DoseHub:<e-mail>?secret=…&issuer=DoseHub */
    uri: z.string(),
    /** The URI as a QR code, an SVG document. */
    qrSvg: z.string(),
  })
  .meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const TotpConfirmBody = z.object({ code: TotpCode }).meta({ id: 'TotpConfirmBody' });
export type TotpConfirmBody = z.infer<typeof TotpConfirmBody>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** WebAuthn's JSON (PublicKeyCredential*OptionsJSON, RegistrationResponseJSON, AuthenticationResponseJSON): read by @simplewebauthn. */
const WebAuthnJson = (description: string) => z.record(z.string(), z.unknown()).meta({ description });

export const PasskeyCreationOptions = WebAuthnJson('PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create (5 minutes)').meta({
  id: 'PasskeyCreationOptions',
});
export const PasskeyRequestOptions = WebAuthnJson('PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get (5 minutes)').meta({
  id: 'PasskeyRequestOptions',
});

export const PasskeyName = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLongText');
export const NewPasskeyBody = z
  .object({ name: PasskeyName, response: WebAuthnJson('RegistrationResponseJSON, what navigator.credentials.create gave') })
  .meta({ id: 'NewPasskeyBody' });
export type NewPasskeyBody = z.infer<typeof NewPasskeyBody>;

export const PasskeyUpdateBody = z.object({ name: PasskeyName }).meta({ id: 'PasskeyUpdateBody' });
export type PasskeyUpdateBody = z.infer<typeof PasskeyUpdateBody>;

export const PasskeySignInBody = z
  .object({ response: WebAuthnJson('AuthenticationResponseJSON, what navigator.credentials.get gave') })
  .meta({ id: 'PasskeySignInBody' });
export type PasskeySignInBody = z.infer<typeof PasskeySignInBody>;

/** A signed-in session (a refresh-token family) as the user's list of devices shows it. */
export const DeviceSession = z
  .object({
    id: z.uuid(),
    /** From the User-Agent ("Firefox 133"), null when unknown. */
    browser: z.string().nullable(),
    system: z.string().nullable(),
    /** The client address (no place: that would need an outside service). */
    address: z.string(),
    firstSeenAt: z.iso.datetime({ offset: true }),
    lastSeenAt: z.iso.datetime({ offset: true }),
    /** The session making this request. */
    current: z.boolean(),
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.infer<typeof DeviceSession>;
export const DeviceSessionList = z.array(DeviceSession).meta({ id: 'DeviceSessionList' });

/** The account's password again, when a change needs a recent sign-in (`WWW-Authenticate: DoseHub-Reauth`). */
export const ReauthenticateBody = z.object({ password: PasswordSchema }).meta({ id: 'ReauthenticateBody' });
export type ReauthenticateBody = z.infer<typeof ReauthenticateBody>;
