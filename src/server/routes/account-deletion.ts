import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountDeleted, DeleteAccountBody } from '#shared/schemas/account-deletion.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { needsRecentSignIn } from '../http/openapi.ts';
import { accountDeletedError, clearSessionCookies, requireRecentSignIn } from '../plugins/auth.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { checkDeletionRequest, deleteAccount } from '../services/account-deletion/delete-account.ts';
import { findUserById } from '../services/users.ts';

/** Issue 30: deleting one's own account (docs/account-deletion.md; mounted by owned.ts). */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/delete-account/',
    {
      // Whoever has not accepted a new version of the terms may still leave (docs/privacy.md).
      config: { beforeConsent: true },
      preHandler: requireRecentSignIn,
      schema: {
        tags: ['users'],
        summary:
          "Delete the account (needs a sign-in within 5 minutes): the password, the authenticator's `code` (or a `recoveryCode`) when the account has one, and its e-mail typed as `confirmation`. Every session ends and the person's data is erased; bills and the orders they pay are kept under a pseudonym for the fiscal period; analyses being processed are cancelled (`cancelledAnalyses`). A wrong password or code is 403 and changes nothing; of two requests at once one deletes, the other gets 401 `DoseHub-Account: deleted`",
        params: UserIdParams,
        body: DeleteAccountBody,
        response: { 200: AccountDeleted, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
        openapi: {
          responses: {
            403: {
              ...needsRecentSignIn[403],
              description: `A wrong password, authenticator code or recovery code (nothing changed), a cross-site request, or ${needsRecentSignIn[403].description.replace(/^A cross-site request, or /, '')}`,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.params.uid);
      if (!user || user.deletedAt) throw accountDeletedError();
      await enforceRateLimits(request, [LIMITS.loginByIp(request.ip), LIMITS.loginByEmail(user.email)], 'errors.tooManySignIns');
      await checkDeletionRequest(app.db, app.secretBox, user, request.body);
      const ctx = { db: app.db, fileStore: app.fileStore, uploadStore: app.uploads.store, mailer: app.mailer, translator: app.translator, log: request.log };
      const erased = await deleteAccount(ctx, user.id);
      if (!erased) throw accountDeletedError();
      clearSessionCookies(request, reply);
      return { deleted: true as const, cancelledAnalyses: erased.cancelledAnalyses, keptBills: erased.keptBills };
    },
  );
};
