import { diagnosticsSchema, nightlyDiagnosticsSchema } from "@keyholder/contracts/diagnostics";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { booksCheckHandler } from "./books-check-job.ts";
import { booksCheckSchedule } from "./books-check-schedule.ts";
import { checkBooks } from "./check-books.ts";
import { readNightly } from "./read-nightly.ts";

/** The books' diagnostics (issue 29 item 7, decision 039). */
const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(booksCheckHandler);
  app.jobs.schedule(booksCheckSchedule);

  app.get(
    "/diagnostics",
    {
      schema: {
        tags: ["diagnostics"],
        summary:
          "Check the books now: negative trust cash by property, deposits held against escrow cash, the clearing account, receivables against the leases' balances, unbalanced months. Administrators",
        response: { 200: diagnosticsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => checkBooks(tx, orgId, app.now()));
    },
  );

  app.get(
    "/diagnostics/nightly",
    {
      schema: {
        tags: ["diagnostics"],
        summary:
          "What the last nightly check of the books found (null before the first), run once a night for every organization with books. Administrators",
        response: { 200: nightlyDiagnosticsSchema },
      },
    },
    async (request) => request.withOrg((tx) => readNightly(tx)),
  );
};

export default diagnosticsRoutes;
