import { centsToInput } from "@keyholder/contracts/money";
import {
  form1099QuerySchema,
  form1099SummarySchema,
  setThresholdSchema,
  taxFormMessages,
  thresholdParamsSchema,
} from "@keyholder/contracts/tax-forms";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";
import { sendCsv } from "../../lib/send-csv.ts";
import { form1099Summary, thresholdFor } from "./form-1099.ts";

const tags = ["tax forms"];

/** The year's 1099 summary and its threshold (issue 29 item 8, decision 045). */
const taxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tax-forms/1099",
    {
      schema: {
        tags,
        summary:
          "A tax year's 1099s: vendors' non-card payments (NEC box 1) and owners' rents by their shares (MISC box 1), payees at or over the year's threshold; `format=csv` for a filing service",
        querystring: form1099QuerySchema,
        response: { 200: z.union([form1099SummarySchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { year, format } = request.query;
      const summary = await request.withOrg(async (tx) => {
        refuseScopedUser(tx, taxFormMessages.scopedUser);
        return form1099Summary(tx, orgId, year);
      });
      if (format === "json") return summary;
      return sendCsv(
        reply,
        `1099-${year}.csv`,
        ["Form", "Box", "Payee type", "Payee id", "Name", "Legal name", "Tax classification", "TIN last 4", "Amount"],
        summary.forms.map((f) => [
          `1099-${f.form}`,
          f.box,
          f.payee_type,
          f.payee_id,
          f.name,
          f.legal_name,
          f.tax_classification,
          f.taxpayer_id_last4,
          centsToInput(f.amount_cents),
        ]),
      );
    },
  );

  app.put(
    "/tax-forms/1099/thresholds/:year",
    {
      schema: {
        tags,
        summary: "Set the 1099 threshold the organization uses for a tax year",
        params: thresholdParamsSchema,
        body: setThresholdSchema,
        response: { 200: z.object({ year: z.number().int(), threshold_cents: z.number().int() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { year } = request.params;
      return request.withOrg(async (tx) => {
        refuseScopedUser(tx, taxFormMessages.scopedUser);
        await tx.execute(sql`
          insert into tax_year_thresholds (organization_id, year, threshold_cents, updated_by)
          values (${actor.orgId}, ${year}, ${request.body.threshold_cents}, ${actor.userId})
          on conflict (organization_id, year) do update
            set threshold_cents = excluded.threshold_cents, updated_by = excluded.updated_by, updated_date = now()`);
        return { year, threshold_cents: await thresholdFor(tx, actor.orgId, year) };
      });
    },
  );
};

export default taxFormRoutes;
