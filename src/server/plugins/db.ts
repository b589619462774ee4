import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Makes the opened database available as `app.db` and closes it with the app. */
export const dbPlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('db', database.db);
  app.addHook('onClose', async () => database.close());
});
