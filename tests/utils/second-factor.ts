/**
 * Helpers for strong sign-in (issue 31): add an authenticator app to a signed-in user over the API, compute its
 * codes with otplib (at any moment, for the ±1 step window), and sign in with the second step.
 */
import { generate } from 'otplib';
import { API, cookieHeader, loginRequest, uniqueIp, type App, type InjectResponse, type SignedInUser } from './accounts.ts';

export const securityUrl = (uid: string, rest = '') => `${API}/users/${uid}/security/${rest}`;
export const SECOND_STEP_URL = `${API}/users/login/second-step/`;
export const CHALLENGE_COOKIE = 'sign-in-challenge';

/** The authenticator's code `stepsAway` 30-second steps from now. */
export const codeAt = (secret: string, stepsAway = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAway * 30 });

export interface EnrolledUser extends SignedInUser {
  secret: string;
  recoveryCodes: string[];
}

/**
 * Adds an authenticator app to `user` and confirms it with a code of the step before (so that the current step
 * is still free for a sign-in); the returned cookies are the upgraded session's.
 */
export async function enrolTotp(app: App, user: SignedInUser): Promise<EnrolledUser> {
  const started = await app.inject({ method: 'POST', url: securityUrl(user.id, 'totp/'), headers: { cookie: user.cookies } });
  if (started.statusCode !== 200) throw new Error(`totp start answered ${started.statusCode}: ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: securityUrl(user.id, 'totp/confirm/'),
    headers: { cookie: user.cookies },
    payload: { code: await codeAt(secret, -1) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { ...user, cookies: cookieHeader(confirmed), secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The `cookie` header carrying the challenge a 202 to the password set. */
export function challengeOf(response: InjectResponse): string {
  const cookie = response.cookies.find(({ name }) => name === CHALLENGE_COOKIE);
  if (!cookie) throw new Error(`no challenge cookie in ${response.statusCode}: ${response.body}`);
  return `${CHALLENGE_COOKIE}=${cookie.value}`;
}

/** The password step, which must answer 202: the challenge cookie header. */
export async function passwordStep(app: App, user: { email: string; password: string }, remoteAddress = uniqueIp()): Promise<string> {
  const response = await loginRequest(app, { email: user.email, password: user.password }, { remoteAddress });
  if (response.statusCode !== 202) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return challengeOf(response);
}

export function secondStep(app: App, challenge: string, body: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = uniqueIp()) {
  return app.inject({ method: 'POST', url: SECOND_STEP_URL, headers: { cookie: challenge, ...headers }, payload: body, remoteAddress });
}
