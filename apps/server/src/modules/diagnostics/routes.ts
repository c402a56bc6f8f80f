import { diagnosticsSchema } from "@keyholder/contracts/diagnostics";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { checkBooks } from "./check-books.ts";

/** The books' diagnostics (issue 29 item 7, decision 039). */
const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default diagnosticsRoutes;
