import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { asSystem, type Database, type DatabaseHandle, type Tx, withOrg } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    /** Which database it is: the embedded one runs one statement at a time, so long work goes in smaller steps. */
    dbKind: DatabaseHandle["kind"];
    /** Outside any organization: auth, the operator, public pages. */
    asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

export default fp<{ database: DatabaseHandle }>(async function db(app: FastifyInstance, opts) {
  app.decorate("db", opts.database.db);
  app.decorate("dbKind", opts.database.kind);
  app.decorate("asSystem", <T>(fn: (tx: Tx) => Promise<T>) => asSystem(opts.database.db, fn));
});

export { withOrg };
