import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { ErrorBody } from '#shared/schemas/common.ts';
import { NewPasskeyBody, PasskeyCreationOptions, PasskeySummary, PasskeyUpdateBody } from '#shared/schemas/security.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import { needsRecentSignIn } from '../http/openapi.ts';
import {
  WEBAUTHN_CHALLENGE_COOKIE,
  clearWebAuthnChallengeCookie,
  deviceOf,
  relyingParty,
  requireRecentSignIn,
  setSessionCookies,
  setWebAuthnChallengeCookie,
} from '../plugins/auth.ts';
import { addPasskey, registrationOptions, removePasskey, renamePasskey } from '../services/passkeys.ts';
import { authenticatedNow, reauthenticateSession } from '../services/sessions.ts';
import { signWebAuthnChallenge } from '../services/sign-in-challenge.ts';
import { takeWebAuthnChallenge } from '../services/webauthn-challenge.ts';
import { findUserById } from '../services/users.ts';

const tags = ['security'];
/** Every passkey change needs a sign-in within 5 minutes (403 with WWW-Authenticate otherwise). */
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const openapi = { responses: needsRecentSignIn };
const PasskeyParams = UserIdParams.extend({ pid: z.string().min(1).max(1024) });

/** The Security page's passkeys (issue 31): add several, each named, and remove them (mounted by security.ts). */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/security/passkey-options/',
    {
      preHandler: requireRecentSignIn,
      schema: {
        tags,
        openapi,
        summary: 'Options to create a passkey (discoverable, user verification); the challenge travels in the webauthn-challenge cookie',
        params: UserIdParams,
        response: { 200: PasskeyCreationOptions, ...errors },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.params.uid);
      if (!user) throw appError(401, 'auth.tokenInvalid');
      const options = await registrationOptions(app.db, relyingParty(request), user);
      setWebAuthnChallengeCookie(request, reply, await signWebAuthnChallenge(app.signingKey, 'register', options.challenge));
      return { ...options };
    },
  );

  app.post(
    '/users/:uid/security/passkeys/',
    {
      preHandler: requireRecentSignIn,
      schema: {
        tags,
        openapi,
        summary:
          "Add the passkey the browser created for the options' challenge (good once), under a name; the user verified on it, so this session's tokens now say `amr` with \"hwk\" (a staff account's second factor)",
        params: UserIdParams,
        body: NewPasskeyBody,
        response: { 201: PasskeySummary, ...errors },
      },
    },
    async (request, reply) => {
      const challenge = await takeWebAuthnChallenge(app.db, app.signingKey, request.cookies[WEBAUTHN_CHALLENGE_COOKIE], 'register');
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const added = challenge ? await addPasskey(app.db, relyingParty(request), request.params.uid, request.body.name, response, challenge) : null;
      if (!added) throw fieldErrors([{ field: 'response', key: 'auth.passkeyNotVerified' }]);
      clearWebAuthnChallengeCookie(request, reply);
      const { familyId, amr } = request.user!;
      const auth = authenticatedNow([...new Set([...amr, 'hwk' as const])]);
      setSessionCookies(request, reply, await reauthenticateSession(app.db, app.signingKey, request.params.uid, familyId, auth, deviceOf(request)));
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/users/:uid/security/passkeys/:pid/',
    {
      schema: {
        tags,
        summary: 'Rename a passkey (no recent sign-in needed: a name changes nothing of how the account signs in)',
        params: PasskeyParams,
        body: PasskeyUpdateBody,
        response: { 200: PasskeySummary, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const renamed = await renamePasskey(app.db, request.params.uid, request.params.pid, request.body.name);
      if (!renamed) throw notFound();
      return renamed;
    },
  );

  app.delete(
    '/users/:uid/security/passkeys/:pid/',
    {
      preHandler: requireRecentSignIn,
      schema: {
        tags,
        openapi,
        summary: 'Remove a passkey',
        params: PasskeyParams,
        response: { 204: z.null(), 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await removePasskey(app.db, request.params.uid, request.params.pid))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
