import {
  autoMatchResultSchema,
  createAdjustmentSchema,
  createMatchSchema,
  createReconciliationSchema,
  reconciliationDetailSchema,
  reconciliationIdParamsSchema,
  reconciliationMatchParamsSchema,
  reconciliationsQuerySchema,
  reconciliationsSchema,
  setClearedSchema,
} from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { autoMatch } from "./auto-match.ts";
import { cancelReconciliation } from "./cancel-reconciliation.ts";
import { completeReconciliation } from "./complete-reconciliation.ts";
import { createAdjustment } from "./create-adjustment.ts";
import { createMatch } from "./create-match.ts";
import { createReconciliation } from "./create-reconciliation.ts";
import { deleteMatch } from "./delete-match.ts";
import { readReconciliation } from "./read-reconciliation.ts";
import { readReconciliations, refuseScoped } from "./reconciliation-rows.ts";
import { setCleared } from "./set-cleared.ts";

const tags = ["bank reconciliations"];
const detail = { 200: reconciliationDetailSchema };

/**
 * Bank accounts reconciled to their statements (issue 29 item 3, decision 042). Every change answers
 * the reconciliation as it now is, so the screen's difference is the server's.
 */
const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reconciliations",
    {
      schema: {
        tags,
        summary: "Reconciliations, newest statement first (50), of one bank account when named",
        querystring: reconciliationsQuerySchema,
        response: { 200: reconciliationsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const account = request.query.bank_account_id;
      return request.withOrg(async (tx) => {
        refuseScoped(tx);
        return {
          reconciliations: await readReconciliations(
            tx,
            orgId,
            account ? sql`r.bank_account_id = ${account}` : sql`true`,
          ),
        };
      });
    },
  );

  app.post(
    "/reconciliations",
    {
      schema: {
        tags,
        summary:
          "Start reconciling a bank account to a statement's end date and balance: it begins at the last completed statement's balance, with the items dated up to the end date ticked (201)",
        body: createReconciliationSchema,
        response: { 201: reconciliationDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const result = await request.withOrg(async (tx) => {
        const id = await createReconciliation(tx, actor, request.body);
        return readReconciliation(tx, actor.orgId, id);
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/reconciliations/:id",
    {
      schema: {
        tags,
        summary:
          "A reconciliation with the books' items and the bank's lines it offers (in progress) or cleared (completed)",
        params: reconciliationIdParamsSchema,
        response: detail,
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readReconciliation(tx, orgId, request.params.id));
    },
  );

  app.delete(
    "/reconciliations/:id",
    {
      schema: {
        tags,
        summary: "Cancel a reconciliation in progress (its ticks and matches); a completed one is kept (409)",
        params: reconciliationIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      await request.withOrg((tx) => cancelReconciliation(tx, orgId, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    "/reconciliations/:id/cleared",
    {
      schema: {
        tags,
        summary: "Tick items as cleared by the bank, or untick them",
        params: reconciliationIdParamsSchema,
        body: setClearedSchema,
        response: detail,
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await setCleared(tx, orgId, request.params.id, request.body);
        return readReconciliation(tx, orgId, request.params.id);
      });
    },
  );

  app.post(
    "/reconciliations/:id/matches",
    {
      schema: {
        tags,
        summary:
          "Match bank lines to the books' items whose sum is the same (one to one, one to many, many to one); the items are ticked",
        params: reconciliationIdParamsSchema,
        body: createMatchSchema,
        response: detail,
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await createMatch(tx, orgId, request.params.id, request.body);
        return readReconciliation(tx, orgId, request.params.id);
      });
    },
  );

  app.delete(
    "/reconciliations/:id/matches/:matchId",
    {
      schema: {
        tags,
        summary: "Undo a match: its bank lines free again, its items still ticked",
        params: reconciliationMatchParamsSchema,
        response: detail,
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await deleteMatch(tx, orgId, request.params.id, request.params.matchId);
        return readReconciliation(tx, orgId, request.params.id);
      });
    },
  );

  app.post(
    "/reconciliations/:id/auto-match",
    {
      schema: {
        tags,
        summary: `Match every free bank line to the one free item of its amount nearest its date (within a week; a reference in the item's memo first); lines with two as good are left`,
        params: reconciliationIdParamsSchema,
        response: { 200: autoMatchResultSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        const matched = await autoMatch(tx, orgId, request.params.id);
        return { matched, detail: await readReconciliation(tx, orgId, request.params.id) };
      });
    },
  );

  app.post(
    "/reconciliations/:id/adjustments",
    {
      schema: {
        tags,
        summary:
          "Post a bank line the books lack (a fee, interest) to an income or expense account on its day, and match it",
        params: reconciliationIdParamsSchema,
        body: createAdjustmentSchema,
        response: detail,
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await createAdjustment(tx, actor, request.params.id, request.body);
        return readReconciliation(tx, actor.orgId, request.params.id);
      });
    },
  );

  app.post(
    "/reconciliations/:id/complete",
    {
      schema: {
        tags,
        summary: "Finish a reconciliation whose difference is $0.00: its items and lines are locked (409 otherwise)",
        params: reconciliationIdParamsSchema,
        response: detail,
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await completeReconciliation(tx, actor, request.params.id);
        return readReconciliation(tx, actor.orgId, request.params.id);
      });
    },
  );
};

export default reconciliationRoutes;
