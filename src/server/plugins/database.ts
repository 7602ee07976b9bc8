/**
 * Makes the database available as `app.db` (Drizzle) and `app.database` (the handle with
 * ping/close), and closes it when the app closes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; closeOnExit: boolean }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnExit) app.addHook('onClose', () => options.database.close());
  },
  { name: 'database' },
);
