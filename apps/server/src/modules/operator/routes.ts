import {
  operatorMessages,
  outboxListSchema,
  waitlistDecisionParamsSchema,
  waitlistDecisionResponseSchema,
  waitlistListSchema,
  waitlistQuerySchema,
} from "@keyholder/contracts/operator";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden, unauthenticated } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { decideWaitlist, type WaitlistDecision } from "./decide-waitlist.ts";
import { listOutbox } from "./list-outbox.ts";
import { listWaitlist } from "./list-waitlist.ts";

/** The platform operator's screen: waitlist review and the mail outbox. */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", async (request) => {
    if (!request.auth) throw unauthenticated();
    if (!request.auth.isOperator) throw forbidden(operatorMessages.notOperator);
  });

  app.get(
    "/operator/waitlist",
    { schema: { querystring: waitlistQuerySchema, response: { 200: waitlistListSchema } } },
    async (request) => ({ organizations: await listWaitlist(app.db, request.query.status) }),
  );

  for (const decision of ["approve", "reject"] as const satisfies readonly WaitlistDecision[]) {
    app.post(
      `/operator/waitlist/:id/${decision}`,
      { schema: { params: waitlistDecisionParamsSchema, response: { 200: waitlistDecisionResponseSchema } } },
      async (request) => ({
        organization: await decideWaitlist(
          { db: app.db, mailer: app.mailer, baseUrl: publicUrl(app.env), operatorUserId: request.auth?.userId },
          request.params.id,
          decision,
        ),
      }),
    );
  }

  app.get("/operator/outbox", { schema: { response: { 200: outboxListSchema } } }, async () => ({
    messages: await listOutbox(app.db),
  }));
};

export default operatorRoutes;
