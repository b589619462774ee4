import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { SecondStepBody } from '#shared/schemas/security.ts';
import { AuthResponse } from '#shared/schemas/users.ts';
import { appError, fieldErrors } from '../errors.ts';
import { SIGN_IN_CHALLENGE_COOKIE, beginSession, clearSignInChallengeCookie } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { useRecoveryCode } from '../services/recovery-codes.ts';
import { userOfSignInChallenge } from '../services/sign-in-challenge.ts';
import { checkTotpCode } from '../services/totp.ts';
import { findUserById } from '../services/users.ts';

/** The sign-in's second step (issue 31): after a 202 to the password, an authenticator or recovery code → the session. */
export const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/login/second-step/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Finish a sign-in with the authenticator code or an unused recovery code (single use); needs the challenge cookie of the 202, 5 minutes. Each attempt counts toward the sign-in limits',
        body: SecondStepBody,
        response: { 200: AuthResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        security: [{ signInChallenge: [] }],
      },
    },
    async (request, reply) => {
      const challenge = request.cookies[SIGN_IN_CHALLENGE_COOKIE];
      const userId = challenge ? await userOfSignInChallenge(app.signingKey, challenge) : null;
      const user = userId ? await findUserById(app.db, userId) : null;
      if (!user) throw appError(401, 'auth.signInExpired');
      await enforceRateLimits(request, [LIMITS.loginByIp(request.ip), LIMITS.loginByEmail(user.email)], 'errors.tooManySignIns');
      const { code, recoveryCode } = request.body;
      if (!code && !recoveryCode) throw fieldErrors([{ field: 'code', key: 'validation.required' }]);
      const accepted = code ? await checkTotpCode(app.db, app.secretBox, user.id, code) : await useRecoveryCode(app.db, user.id, recoveryCode!);
      if (!accepted) throw fieldErrors([{ field: code ? 'code' : 'recovery_code', key: code ? 'auth.invalidCode' : 'auth.invalidRecoveryCode' }]);
      clearSignInChallengeCookie(request, reply);
      await beginSession(request, reply, user, ['pwd', 'otp']);
      return { id: user.id, isStaff: user.isStaff };
    },
  );
};
