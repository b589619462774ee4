import { z } from 'zod';
import {
  AuthResponse,
  EmailStatus,
  MessageResponse,
  type RegisterBody,
  type ResetPasswordConfirmBody,
} from '#shared/schemas/users.ts';
import { ApiError, apiRequest } from '#app/lib/api-client.ts';
import { saveAuthState } from '#app/lib/session.ts';

const userPath = (uid: string, rest: string) => `/users/${encodeURIComponent(uid)}/${rest}`;

/** Creates the account; the server signs the new user in, so keep the readable `id`/`isStaff` cookies as login does. */
export async function register(body: RegisterBody): Promise<AuthResponse> {
  const response = await apiRequest('/users/register/', AuthResponse, { method: 'POST', body });
  saveAuthState({ id: response.id, isStaff: response.isStaff });
  return response;
}

/** Mails a reset link when the address has an account; the answer is the same either way. */
export function requestPasswordReset(email: string) {
  return apiRequest('/users/auth/reset_password/', MessageResponse, { method: 'POST', body: { email } });
}

/** Sets a new password with the mailed single-use token (204); the server ends every session of the user. */
export function confirmPasswordReset(uid: string, body: ResetPasswordConfirmBody) {
  return apiRequest(userPath(uid, 'reset_password_confirm/'), z.null(), { method: 'POST', body });
}

/** The password again (issue 31): the session counts as just signed in, for the changes that need it (204). */
export function reauthenticate(uid: string, password: string) {
  return apiRequest(userPath(uid, 'reauthenticate/'), z.null(), { method: 'POST', body: { password } });
}

/** Mails a new confirmation link to the signed-in user (204). */
export function resendVerification(uid: string) {
  return apiRequest(userPath(uid, 'email/resend/'), z.null(), { method: 'POST' });
}

export type EmailConfirmation =
  | { status: 'confirmed'; message: string }
  | { status: 'alreadyConfirmed'; message: string }
  | { status: 'failed'; error: unknown };

/**
 * Confirms the e-mail with the mailed token. A 409 means "already verified", "expired" or "another
 * user's token" alike; when the owner is signed in, their e-mail status tells the first apart.
 */
async function confirmEmail(uid: string, token: string, signedInAs: string | null): Promise<EmailConfirmation> {
  try {
    const { message } = await apiRequest(userPath(uid, 'email/verify/'), MessageResponse, { method: 'POST', body: { token } });
    return { status: 'confirmed', message };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && signedInAs === uid) {
      const status = await apiRequest(userPath(uid, 'email/'), EmailStatus).catch(() => null);
      if (status?.verified) return { status: 'alreadyConfirmed', message: error.message };
    }
    return { status: 'failed', error };
  }
}

/** In-flight and settled confirmations by user and token: the token is single-use, so it is sent at most once per page load. */
const confirmations = new Map<string, Promise<EmailConfirmation>>();

/**
 * Confirms once per `uid` and token, however often it is called (React StrictMode runs effects twice,
 * and coming back to the page must not spend the token again): every call gets the same outcome.
 */
export function confirmEmailOnce(uid: string, token: string, signedInAs: string | null): Promise<EmailConfirmation> {
  const key = `${uid}\n${token}`;
  let confirmation = confirmations.get(key);
  if (!confirmation) {
    confirmation = confirmEmail(uid, token, signedInAs);
    confirmations.set(key, confirmation);
  }
  return confirmation;
}
