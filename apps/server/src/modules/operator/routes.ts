import {
  operatorAccountParamsSchema,
  operatorAccountResponseSchema,
  operatorAccountsQuerySchema,
  operatorAccountsSchema,
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
import { setBanned } from "./ban-account.ts";
import { decideWaitlist, type WaitlistDecision } from "./decide-waitlist.ts";
import { listAccounts } from "./list-accounts.ts";
import { listOutbox } from "./list-outbox.ts";
import { listWaitlist } from "./list-waitlist.ts";

/** The platform operator's screen: waitlist review, accounts (unverified, banned) and the mail outbox. */
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

  app.get(
    "/operator/accounts",
    {
      schema: {
        summary: "Accounts of every organization, newest first: all, those with an unconfirmed email, or the banned",
        querystring: operatorAccountsQuerySchema,
        response: { 200: operatorAccountsSchema },
      },
    },
    async (request) => app.asSystem((tx) => listAccounts(tx, request.query)),
  );

  for (const action of ["ban", "unban"] as const) {
    app.post(
      `/operator/accounts/:organizationId/:userId/${action}`,
      {
        schema: {
          summary:
            action === "ban"
              ? "Ban an account: its sessions end, and sign-in answers 403 Account is locked or disabled"
              : "Lift an account's ban",
          params: operatorAccountParamsSchema,
          response: { 200: operatorAccountResponseSchema },
        },
      },
      async (request) => {
        const account = await app.asSystem((tx) => setBanned(tx, request.params, action === "ban"));
        request.log.info({ operator: request.auth?.userId, ...request.params, action }, "operator account standing");
        return { account };
      },
    );
  }

  app.get("/operator/outbox", { schema: { response: { 200: outboxListSchema } } }, async () => ({
    messages: await listOutbox(app.db),
  }));
};

export default operatorRoutes;
