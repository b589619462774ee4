import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import {
  ChangePasswordBody,
  EmailPatchBody,
  EmailStatus,
  MessageResponse,
  PhonePatchBody,
  PhoneStatus,
  Profile,
  ProfilePatchBody,
  UserIdParams,
} from '#shared/schemas/users.ts';
import { appError, fieldErrors } from '../errors.ts';
import { assertIfMatch, sendVersion } from '../http/etag.ts';
import { needsRecentSignIn, readRefusals, sends } from '../http/openapi.ts';
import { requireRecentSignIn } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { queueEmailConfirmation } from '../services/account-mail.ts';
import { revokeUserSessions } from '../services/sessions.ts';
import {
  changeEmail,
  changePhone,
  findUserById,
  passwordErrors,
  setPassword,
  profileOf,
  updateProfile,
} from '../services/users.ts';
import { verifyPassword } from '../services/passwords.ts';

const tags = ['users'];
const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };
const readErrors = readRefusals(errors);
const empty = z.null();
const versioned = { responses: { 200: { headers: sends.etag } } };

/** Profile, e-mail, phone and password of the signed-in user (mounted by owned.ts). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const currentUser = async (uid: string) => {
    const user = await findUserById(app.db, uid);
    if (!user) throw appError(401, 'auth.tokenInvalid');
    return user;
  };

  app.get(
    '/users/:uid/',
    { schema: { tags, summary: 'Profile', params: UserIdParams, response: { 200: Profile, ...readErrors }, openapi: versioned } },
    async (request, reply) => {
      const user = await currentUser(request.params.uid);
      sendVersion(reply, user.version);
      return profileOf(app.db, user);
    },
  );

  app.patch(
    '/users/:uid/',
    {
      schema: {
        tags,
        summary: 'Update name, clinic, role, CPF and CNPJ ("" clears an optional one); If-Match with the ETag refuses a stale write (412)',
        params: UserIdParams,
        body: ProfilePatchBody,
        response: { 204: empty, ...errors },
        openapi: { ifMatch: true },
      },
    },
    async (request, reply) => {
      assertIfMatch(request, (await currentUser(request.params.uid)).version);
      await updateProfile(app.db, request.params.uid, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:uid/email/',
    { schema: { tags, summary: 'E-mail and whether it is confirmed', params: UserIdParams, response: { 200: EmailStatus, ...readErrors }, openapi: versioned } },
    async (request, reply) => {
      const user = await currentUser(request.params.uid);
      sendVersion(reply, user.version);
      return { email: user.email, verified: user.emailVerifiedAt !== null };
    },
  );

  app.patch(
    '/users/:uid/email/',
    {
      schema: {
        tags,
        summary: 'Change the e-mail (needs a sign-in within 5 minutes); the new address must be confirmed through the mailed link',
        params: UserIdParams,
        body: EmailPatchBody,
        response: { 204: empty, 403: ErrorBody, ...errors },
        openapi: { ifMatch: true, responses: needsRecentSignIn },
      },
    },
    async (request, reply) => {
      const before = await currentUser(request.params.uid);
      assertIfMatch(request, before.version);
      if (request.body.email.trim().toLowerCase() !== before.email) await requireRecentSignIn(request);
      await enforceRateLimits(request, [LIMITS.emailChangeByUser(request.params.uid)]);
      await changeEmail(app.db, request.params.uid, request.body.email);
      const user = await currentUser(request.params.uid);
      await queueEmailConfirmation(app.mailContext(request), user);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:uid/email/resend/',
    {
      schema: {
        tags,
        summary: 'Mail a new confirmation link (the earlier one stops working)',
        params: UserIdParams,
        response: { 204: empty, ...errors },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request.params.uid);
      if (user.emailVerifiedAt) throw appError(409, 'auth.alreadyVerified');
      await enforceRateLimits(request, [LIMITS.resendByUser(user.id)]);
      await queueEmailConfirmation(app.mailContext(request), user);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:uid/phone/',
    { schema: { tags, summary: 'Phone (E.164)', params: UserIdParams, response: { 200: PhoneStatus, ...readErrors }, openapi: versioned } },
    async (request, reply) => {
      const user = await currentUser(request.params.uid);
      sendVersion(reply, user.version);
      return { phone: user.phone ?? '' };
    },
  );

  app.patch(
    '/users/:uid/phone/',
    {
      schema: { tags, summary: 'Change the phone', params: UserIdParams, body: PhonePatchBody, response: { 204: empty, ...errors }, openapi: { ifMatch: true } },
    },
    async (request, reply) => {
      assertIfMatch(request, (await currentUser(request.params.uid)).version);
      await changePhone(app.db, request.params.uid, request.body.phone);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:uid/change_password/',
    {
      preHandler: requireRecentSignIn,
      schema: {
        tags,
        summary: 'Change the password (needs a sign-in within 5 minutes); ends every other session',
        params: UserIdParams,
        body: ChangePasswordBody,
        response: { 200: MessageResponse, 403: ErrorBody, ...errors },
        openapi: { responses: needsRecentSignIn },
      },
    },
    async (request) => {
      const user = await currentUser(request.params.uid);
      const { oldPassword, newPassword1, newPassword2 } = request.body;
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw fieldErrors([{ field: 'old_password', key: 'auth.oldPasswordIncorrect' }]);
      }
      if (newPassword1 !== newPassword2) throw fieldErrors([{ field: 'new_password2', key: 'validation.passwordMismatch' }]);
      const problems = passwordErrors('new_password2', newPassword2, user.email);
      if (problems.length > 0) throw fieldErrors(problems);
      await setPassword(app.db, user.id, newPassword1);
      await revokeUserSessions(app.db, user.id, request.user!.familyId);
      return { message: request.t('auth.passwordUpdated') };
    },
  );
};
