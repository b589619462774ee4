import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import {
  AuthResponse,
  LoginBody,
  LogoutResponse,
  MessageResponse,
  RefreshResponse,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmBody,
  UserIdParams,
  VerifyEmailBody,
} from '#shared/schemas/users.ts';
import { appError, fieldErrors, type AppError, type ErrorMessage } from '../errors.ts';
import { SecondStepRequired } from '#shared/schemas/security.ts';
import { REFRESH_COOKIE, accountDeletedError, beginSession, clearSessionCookies, deviceOf, setSessionCookies, setSignInChallengeCookie } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { queueEmailConfirmation, queuePasswordReset } from '../services/account-mail.ts';
import { allDocuments } from '../services/consents.ts';
import { secondStepsOf } from '../services/second-factors.ts';
import { signSignInChallenge } from '../services/sign-in-challenge.ts';
import {
  familyOfRefreshToken,
  refreshSession,
  revokeFamily,
  revokeUserSessions,
} from '../services/sessions.ts';
import { consumeUserToken } from '../services/user-tokens.ts';
import { passkeySignInRoutes } from './passkey-sign-in.ts';
import { secondStepRoutes } from './second-step.ts';
import {
  checkCredentials,
  createUser,
  findUserById,
  markEmailVerified,
  passwordErrors,
  rememberLanguage,
  setPassword,
} from '../services/users.ts';

const tags = ['accounts'];
const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Cross-field rules of the registration form, with v1's field names. */
function registrationErrors(body: RegisterBody): ErrorMessage[] {
  const found: ErrorMessage[] = [];
  if (body.email.toLowerCase() !== body.confirmedEmail.toLowerCase()) {
    found.push({ field: 'confirmed_email', key: 'validation.emailMismatch' });
  }
  if (body.password1 !== body.password2) found.push({ field: 'password2', key: 'validation.passwordMismatch' });
  else found.push(...passwordErrors('password2', body.password2, body.email));
  return found;
}

/** The token of a reset or verification link, checked in v1's order of answers. */
function tokenFailure(check: 'unknown' | 'expired' | 'otherUser'): AppError {
  if (check === 'unknown') return appError(400, 'auth.invalidVerificationToken');
  return appError(409, check === 'expired' ? 'auth.invalidVerificationToken' : 'auth.conflictUserId');
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/register/',
    {
      schema: {
        tags,
        summary: 'Create an account, sign in, and mail the e-mail confirmation link',
        body: RegisterBody,
        response: { 201: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(request, [LIMITS.registerByIp(request.ip)]);
      const body = request.body;
      const problems = registrationErrors(body);
      if (problems.length > 0) throw fieldErrors(problems);
      // Ticking "I accept" accepts the versions in force of the terms of use and of the privacy notice (issue 30).
      const accepted = allDocuments(app.privacy.versions);
      const user = await createUser(app.db, { ...body, password: body.password1, language: request.lang }, { accepted, device: deviceOf(request) });
      await beginSession(request, reply, user, ['pwd']);
      await queueEmailConfirmation(app.mailContext(request), user);
      reply.code(201);
      return { id: user.id, isStaff: user.isStaff };
    },
  );

  app.post(
    '/users/login/',
    {
      schema: {
        tags,
        summary:
          'Sign in with e-mail and password: the session (200), or, when the account has a second factor, 202 and a challenge cookie for POST /users/login/second-step/',
        body: LoginBody,
        response: { 200: AuthResponse, 202: SecondStepRequired, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email || request.body.username || '';
      await enforceRateLimits(request, [LIMITS.loginByIp(request.ip), LIMITS.loginByEmail(email)], 'errors.tooManySignIns');
      const user = email ? await checkCredentials(app.db, email, request.body.password) : null;
      if (!user) throw appError(400, 'auth.invalidCredentials');
      await rememberLanguage(app.db, user.id, request.lang);
      const secondStep = await secondStepsOf(app.db, user.id);
      if (secondStep.length > 0) {
        setSignInChallengeCookie(request, reply, await signSignInChallenge(app.signingKey, user.id));
        return reply.code(202).send({ secondStep });
      }
      await beginSession(request, reply, user, ['pwd']);
      return { id: user.id, isStaff: user.isStaff, ...(user.isStaff && { secondFactorRequired: true }) };
    },
  );
  await app.register(secondStepRoutes);
  await app.register(passkeySignInRoutes);

  const rotateSession = async (request: FastifyRequest, reply: FastifyReply, bodyToken?: string) => {
    const token = bodyToken || request.cookies[REFRESH_COOKIE];
    if (!token) throw appError(401, 'auth.noRefreshToken');
    const outcome = await refreshSession(app.db, app.signingKey, token, deviceOf(request));
    if (!outcome.ok) {
      clearSessionCookies(request, reply);
      throw outcome.accountDeleted ? accountDeletedError() : appError(401, 'auth.tokenInvalid');
    }
    setSessionCookies(request, reply, outcome.tokens);
    return {
      accessTokenExpiration: outcome.tokens.accessExpiresAt.toISOString(),
      refrashTokenExpiration: outcome.tokens.refreshExpiresAt.toISOString(),
    };
  };
  const refreshSchema = {
    tags,
    summary: 'Rotate the refresh cookie and issue a new access cookie',
    response: { 200: RefreshResponse, 401: ErrorBody },
    // The refresh cookie, or v1's `refresh` in the body.
    security: [{ refresh: [] }, {}] as { [scheme: string]: string[] }[],
  };
  app.get('/users/auth/token/refresh/', { schema: refreshSchema }, (request, reply) => rotateSession(request, reply));
  app.post(
    '/users/auth/token/refresh/',
    { schema: { ...refreshSchema, body: z.object({ refresh: z.string().max(4096).optional() }).nullish(), openapi: { bodyOptional: true } } },
    (request, reply) => rotateSession(request, reply, request.body?.refresh),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/users/auth/token/logout/',
    schema: { tags, summary: 'End this session (server side too) and clear its cookies', response: { 200: LogoutResponse } },
    handler: async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      const familyId = request.user?.familyId ?? (refresh ? await familyOfRefreshToken(app.signingKey, refresh) : null);
      if (familyId) await revokeFamily(app.db, familyId);
      clearSessionCookies(request, reply);
      return { detail: request.t('auth.logout') };
    },
  });

  app.post(
    '/users/auth/reset_password/',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link; the same answer whether the e-mail exists or not',
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforceRateLimits(request, [LIMITS.resetByIp(request.ip), LIMITS.resetByEmail(email)]);
      await queuePasswordReset(app.mailContext(request), email);
      return { message: request.t('auth.emailSent') };
    },
  );

  app.post(
    '/users/:uid/reset_password_confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed token; ends every session',
        params: UserIdParams,
        body: ResetPasswordConfirmBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { newPassword1, newPassword2, token } = request.body;
      const user = await findUserById(app.db, request.params.uid);
      if (newPassword1 !== newPassword2) throw fieldErrors([{ field: 'new_password2', key: 'validation.passwordMismatch' }]);
      const problems = passwordErrors('new_password2', newPassword2, user?.email);
      if (problems.length > 0) throw fieldErrors(problems);
      const check = await consumeUserToken(app.db, request.params.uid, 'reset_password', token);
      if (check !== 'ok' || !user) throw tokenFailure(check === 'ok' ? 'unknown' : check);
      await setPassword(app.db, user.id, newPassword1);
      await revokeUserSessions(app.db, user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:uid/email/verify/',
    {
      schema: {
        tags,
        summary: 'Confirm the e-mail address with the mailed token',
        params: UserIdParams,
        body: VerifyEmailBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.uid);
      if (user?.emailVerifiedAt) throw appError(409, 'auth.alreadyVerified');
      const check = await consumeUserToken(app.db, request.params.uid, 'verify_email', request.body.token);
      if (check !== 'ok' || !user) throw tokenFailure(check === 'ok' ? 'unknown' : check);
      await markEmailVerified(app.db, user.id);
      return { message: request.t('auth.emailVerified') };
    },
  );
};
