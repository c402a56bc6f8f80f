import { historySchema } from "@keyholder/contracts/history";
import {
  accountingPeriodSchema,
  accountingPeriodsSchema,
  createAccountingPeriodSchema,
  ledgerMessages,
  periodIdParamsSchema,
} from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountingPeriods } from "../../db/schema/index.ts";
import { actorOf } from "../../lib/audit.ts";
import { recordHistory } from "../history/record-history.ts";
import { closePeriod } from "./close-period.ts";
import { createPeriod } from "./create-period.ts";
import { readPeriods } from "./read-periods.ts";
import { reopenPeriod } from "./reopen-period.ts";

const tags = ["accounting periods"];

/** Accounting periods (issue 27, item 5): months open or closed to postings. */
const accountingPeriodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accounting-periods",
    {
      schema: {
        tags,
        summary:
          "The accounting periods, latest month first: every month posted in, or opened ahead, open or closed and by whom",
        response: { 200: accountingPeriodsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { periods: await request.withOrg((tx) => readPeriods(tx, sql`a.organization_id = ${orgId}`)) };
    },
  );

  app.post(
    "/accounting-periods",
    {
      schema: {
        tags,
        summary: "Open the period of a month (starts_on: its first day) before anything is posted in it",
        body: createAccountingPeriodSchema,
        response: { 201: accountingPeriodSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const period = await request.withOrg((tx) => createPeriod(tx, actor, request.body.starts_on));
      return reply.status(201).send(period);
    },
  );

  app.post(
    "/accounting-periods/:id/close",
    {
      schema: {
        tags,
        summary:
          "Close a period that has ended: postings dated in it are refused from then on. Administrators only; recorded in its history",
        params: periodIdParamsSchema,
        response: { 200: accountingPeriodSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => closePeriod(tx, actor, request.params.id, app.now()));
    },
  );

  app.post(
    "/accounting-periods/:id/reopen",
    {
      schema: {
        tags,
        summary:
          "Reopen a closed period to post a correction dated in it. Administrators only; recorded in its history",
        params: periodIdParamsSchema,
        response: { 200: accountingPeriodSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => reopenPeriod(tx, actor, request.params.id));
    },
  );

  app.get(
    "/accounting-periods/:id/history",
    {
      schema: {
        tags,
        summary: "Who opened and closed a period, when, newest first",
        params: periodIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) =>
        recordHistory(
          tx,
          { orgId, entity: "accounting_period", entityId: request.params.id },
          { table: accountingPeriods, id: accountingPeriods.id, notFound: ledgerMessages.periodNotFound },
        ),
      );
    },
  );
};

export default accountingPeriodRoutes;
