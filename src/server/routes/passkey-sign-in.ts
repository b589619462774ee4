import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ErrorBody } from '#shared/schemas/common.ts';
import { PasskeyRequestOptions, PasskeySignInBody } from '#shared/schemas/security.ts';
import { AuthResponse } from '#shared/schemas/users.ts';
import { fieldErrors } from '../errors.ts';
import {
  SIGN_IN_CHALLENGE_COOKIE,
  beginSession,
  WEBAUTHN_CHALLENGE_COOKIE,
  clearSignInChallengeCookie,
  clearWebAuthnChallengeCookie,
  relyingParty,
  setWebAuthnChallengeCookie,
} from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { authenticationOptions, verifyPasskey } from '../services/passkeys.ts';
import { signWebAuthnChallenge, userOfSignInChallenge } from '../services/sign-in-challenge.ts';
import { takeWebAuthnChallenge } from '../services/webauthn-challenge.ts';
import { findUserById } from '../services/users.ts';

const tags = ['accounts'];

/**
 * Signing in with a passkey (issue 31): as the second step after the password (the sign-in challenge cookie names
 * the user: amr ["pwd","hwk"]), or alone with a discoverable passkey (amr ["hwk"]).
 */
export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwordUser = async (token: string | undefined) => (token ? userOfSignInChallenge(app.signingKey, token) : null);

  app.post(
    '/users/login/passkey/options/',
    {
      schema: {
        tags,
        summary: "Options to sign in with a passkey: the password step's user's passkeys, or any discoverable one without it",
        response: { 200: PasskeyRequestOptions, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = await passwordUser(request.cookies[SIGN_IN_CHALLENGE_COOKIE]);
      const options = await authenticationOptions(app.db, relyingParty(request), userId);
      setWebAuthnChallengeCookie(request, reply, await signWebAuthnChallenge(app.signingKey, 'authenticate', options.challenge));
      return { ...options };
    },
  );

  app.post(
    '/users/login/passkey/',
    {
      schema: {
        tags,
        summary: 'Sign in with the passkey the browser used for the options\' challenge (each attempt counts toward the sign-in limits)',
        body: PasskeySignInBody,
        response: { 200: AuthResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(request, [LIMITS.loginByIp(request.ip)], 'errors.tooManySignIns');
      const challenge = await takeWebAuthnChallenge(app.db, app.signingKey, request.cookies[WEBAUTHN_CHALLENGE_COOKIE], 'authenticate');
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const userId = challenge ? await verifyPasskey(app.db, relyingParty(request), response, challenge) : null;
      const user = userId ? await findUserById(app.db, userId) : null;
      if (!user) throw fieldErrors([{ field: 'response', key: 'auth.passkeyNotVerified' }]);
      const afterPassword = (await passwordUser(request.cookies[SIGN_IN_CHALLENGE_COOKIE])) === user.id;
      clearWebAuthnChallengeCookie(request, reply);
      clearSignInChallengeCookie(request, reply);
      await beginSession(request, reply, user, afterPassword ? ['pwd', 'hwk'] : ['hwk']);
      return { id: user.id, isStaff: user.isStaff };
    },
  );
};
