import fp from 'fastify-plugin';
import { createSecretBox, type SecretBox, type SecretsKeys } from '../services/secret-box.ts';
import { resealTotpSecrets } from '../services/totp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    secretBox: SecretBox;
  }
}

/**
 * `app.secretBox`, sealing stored secrets under SECRETS_KEY (services/secret-box.ts); on start, secrets still in
 * clear or under a previous key are sealed again under the current one.
 */
export const secretBoxPlugin = fp<{ keys: SecretsKeys }>(async (app, { keys }) => {
  const box = createSecretBox(keys);
  const resealed = await resealTotpSecrets(app.db, box);
  if (resealed > 0) app.log.info({ resealed }, 'authenticator secrets sealed under the current SECRETS_KEY');
  app.decorate('secretBox', box);
});
