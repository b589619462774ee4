import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { RecoveryCodes, SecurityStatus, TotpConfirmBody, TotpEnrolment } from '#shared/schemas/security.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { appError, fieldErrors } from '../errors.ts';
import { needsRecentSignIn, readRefusals } from '../http/openapi.ts';
import { deviceOf, requireRecentSignIn, setSessionCookies } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes } from '../services/recovery-codes.ts';
import { authenticatedNow, hasSecondFactor, reauthenticateSession } from '../services/sessions.ts';
import { confirmTotp, hasConfirmedTotp, removeTotp, startTotpEnrolment } from '../services/totp.ts';
import { findUserById } from '../services/users.ts';
import { listPasskeys } from '../services/passkeys.ts';
import { passkeyRoutes } from './passkeys.ts';
import { reauthenticateRoutes } from './reauthenticate.ts';

const tags = ['security'];
const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const changeErrors = { ...errors, 403: ErrorBody };
/** Changes to the second factors: only within 5 minutes of a sign-in. */
const recentOnly = { preHandler: requireRecentSignIn };
const recentDoc = { responses: needsRecentSignIn };

/** The Security page's second factors (issue 31), for the signed-in user (mounted by owned.ts). */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passkeyRoutes);
  await app.register(reauthenticateRoutes);
  const currentUser = async (uid: string) => {
    const user = await findUserById(app.db, uid);
    if (!user) throw appError(401, 'auth.tokenInvalid');
    return user;
  };

  app.get(
    '/users/:uid/security/',
    { schema: { tags, summary: 'Second factors of the account and how this session was signed in', params: UserIdParams, response: { 200: SecurityStatus, ...readRefusals(errors) } } },
    async (request) => {
      const { uid } = request.params;
      const [totp, left, passkeys] = await Promise.all([hasConfirmedTotp(app.db, uid), recoveryCodesLeft(app.db, uid), listPasskeys(app.db, uid)]);
      const { amr, isStaff } = request.user!;
      return { totp, passkeys, recoveryCodesLeft: left, secondFactorRequired: isStaff && !hasSecondFactor(amr), amr };
    },
  );

  app.post(
    '/users/:uid/security/totp/',
    {
      ...recentOnly,
      schema: {
        tags,
        summary: 'Start adding an authenticator app: a new secret, its otpauth URI and QR code (SVG); in use once confirmed (409: one is already)',
        params: UserIdParams,
        response: { 200: TotpEnrolment, ...changeErrors },
        openapi: recentDoc,
      },
    },
    async (request) => {
      const user = await currentUser(request.params.uid);
      if (await hasConfirmedTotp(app.db, user.id)) throw appError(409, 'auth.totpAlreadyEnabled');
      return startTotpEnrolment(app.db, app.secretBox, user);
    },
  );

  app.post(
    '/users/:uid/security/totp/confirm/',
    {
      ...recentOnly,
      schema: {
        tags,
        summary:
          "Confirm the authenticator with its first code: it is in use, 10 recovery codes are returned (once), and this session's tokens now say `amr` [\"pwd\",\"otp\"]. Wrong codes count toward the sign-in limits",
        params: UserIdParams,
        body: TotpConfirmBody,
        response: { 200: RecoveryCodes, ...changeErrors },
        openapi: recentDoc,
      },
    },
    async (request, reply) => {
      const user = await currentUser(request.params.uid);
      await enforceRateLimits(request, [LIMITS.loginByEmail(user.email)], 'errors.tooManySignIns');
      if (!(await confirmTotp(app.db, app.secretBox, user.id, request.body.code))) throw fieldErrors([{ field: 'code', key: 'auth.invalidCode' }]);
      const recoveryCodes = await replaceRecoveryCodes(app.db, user.id);
      const amr = [...new Set([...request.user!.amr, 'otp' as const])];
      setSessionCookies(request, reply, await reauthenticateSession(app.db, app.signingKey, user.id, request.user!.familyId, authenticatedNow(amr), deviceOf(request)));
      return { recoveryCodes };
    },
  );

  app.delete(
    '/users/:uid/security/totp/',
    {
      ...recentOnly,
      schema: { tags, summary: 'Remove the authenticator app and its recovery codes', params: UserIdParams, response: { 204: z.null(), ...changeErrors }, openapi: recentDoc },
    },
    async (request, reply) => {
      await removeTotp(app.db, request.params.uid);
      await removeRecoveryCodes(app.db, request.params.uid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:uid/security/recovery-codes/',
    {
      ...recentOnly,
      schema: {
        tags,
        summary: 'New recovery codes (shown once; the old ones stop working); 409 without an authenticator app',
        params: UserIdParams,
        response: { 200: RecoveryCodes, ...changeErrors },
        openapi: recentDoc,
      },
    },
    async (request) => {
      if (!(await hasConfirmedTotp(app.db, request.params.uid))) throw appError(409, 'auth.totpNotEnabled');
      return { recoveryCodes: await replaceRecoveryCodes(app.db, request.params.uid) };
    },
  );
};
