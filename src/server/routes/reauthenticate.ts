import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { PasskeyRequestOptions, PasskeySignInBody, ReauthenticateBody } from '#shared/schemas/security.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { appError, fieldErrors } from '../errors.ts';
import { WEBAUTHN_CHALLENGE_COOKIE, clearWebAuthnChallengeCookie, deviceOf, relyingParty, setSessionCookies, setWebAuthnChallengeCookie } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { authenticationOptions, verifyPasskey } from '../services/passkeys.ts';
import { verifyPassword } from '../services/passwords.ts';
import { authenticatedNow, reauthenticateSession, type AuthMethod } from '../services/sessions.ts';
import { signWebAuthnChallenge } from '../services/sign-in-challenge.ts';
import { findUserById } from '../services/users.ts';
import { takeWebAuthnChallenge } from '../services/webauthn-challenge.ts';

const tags = ['security'];

/**
 * The password again, for a change that needs a recent sign-in (issue 31; `WWW-Authenticate: DoseHub-Reauth`):
 * the same session, its tokens re-issued with `auth_time` now (mounted by security.ts).
 */
export const reauthenticateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The signed-in user, after counting the attempt toward the sign-in limits. */
  const attempt = async (request: FastifyRequest<{ Params: { uid: string } }>) => {
    const user = await findUserById(app.db, request.params.uid);
    if (!user) throw appError(401, 'auth.tokenInvalid');
    await enforceRateLimits(request, [LIMITS.loginByIp(request.ip), LIMITS.loginByEmail(user.email)], 'errors.tooManySignIns');
    return user;
  };
  /** The same session again, `auth_time` now, `amr` with the method just used. */
  const renew = async (request: FastifyRequest, reply: FastifyReply, method: AuthMethod) => {
    const { id, familyId, amr } = request.user!;
    const auth = authenticatedNow([...new Set([...amr, method])]);
    setSessionCookies(request, reply, await reauthenticateSession(app.db, app.signingKey, id, familyId, auth, deviceOf(request)));
    return reply.code(204).send(null);
  };

  app.post(
    '/users/:uid/reauthenticate/',
    {
      config: { beforeConsent: true },
      schema: {
        tags,
        summary:
          "Confirm the password: this session's tokens are re-issued with `auth_time` now (same `amr`), so the changes that need a sign-in within 5 minutes go through. Every attempt counts toward the sign-in limits",
        params: UserIdParams,
        body: ReauthenticateBody,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await attempt(request);
      if (!(await verifyPassword(user.passwordHash, request.body.password))) throw fieldErrors([{ field: 'password', key: 'auth.passwordIncorrect' }]);
      return renew(request, reply, 'pwd');
    },
  );

  app.post(
    '/users/:uid/reauthenticate/passkey-options/',
    {
      config: { beforeConsent: true },
      schema: {
        tags,
        summary: "Options to confirm the signed-in user with one of their passkeys (navigator.credentials.get); the challenge travels in the webauthn-challenge cookie",
        params: UserIdParams,
        response: { 200: PasskeyRequestOptions, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const options = await authenticationOptions(app.db, relyingParty(request), request.params.uid);
      setWebAuthnChallengeCookie(request, reply, await signWebAuthnChallenge(app.signingKey, 'reauthenticate', options.challenge));
      return { ...options };
    },
  );

  app.post(
    '/users/:uid/reauthenticate/passkey/',
    {
      config: { beforeConsent: true },
      schema: {
        tags,
        summary:
          "Confirm the signed-in user with one of their passkeys, for the options' challenge (good once): this session's tokens are re-issued with `auth_time` now and `amr` with \"hwk\". Every attempt counts toward the sign-in limits",
        params: UserIdParams,
        body: PasskeySignInBody,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await attempt(request);
      const challenge = await takeWebAuthnChallenge(app.db, app.signingKey, request.cookies[WEBAUTHN_CHALLENGE_COOKIE], 'reauthenticate');
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const verified = challenge ? await verifyPasskey(app.db, relyingParty(request), response, challenge, user.id) : null;
      if (!verified) throw fieldErrors([{ field: 'response', key: 'auth.passkeyNotVerified' }]);
      clearWebAuthnChallengeCookie(request, reply);
      return renew(request, reply, 'hwk');
    },
  );
};
