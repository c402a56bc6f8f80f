import { type OrganizationSettings, organizationSettingsSchema } from "@keyholder/contracts/organization-settings";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Tx } from "../../db/client.ts";
import { type Actor, actorOf, writeAudit } from "../../lib/audit.ts";

const tags = ["organization"];

async function readSettings(tx: Tx, orgId: string): Promise<OrganizationSettings> {
  const { rows } = (await tx.execute(
    sql`select time_zone, nsf_fee_cents from organizations where id = ${orgId}`,
  )) as unknown as { rows: { time_zone: string; nsf_fee_cents: number | string }[] };
  const row = rows[0];
  if (!row) throw new Error("the organization of the session is not there");
  return { time_zone: row.time_zone, nsf_fee_cents: Number(row.nsf_fee_cents) };
}

/** Saves the settings; the changed ones go in the organization's history. */
async function saveSettings(tx: Tx, actor: Actor, next: OrganizationSettings): Promise<OrganizationSettings> {
  const before = await readSettings(tx, actor.orgId);
  const after = { ...before, ...next, nsf_fee_cents: next.nsf_fee_cents ?? before.nsf_fee_cents ?? 0 };
  await tx.execute(sql`update organizations set time_zone = ${after.time_zone}, nsf_fee_cents = ${after.nsf_fee_cents},
    last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${actor.orgId}`);
  await writeAudit(tx, actor, "organization", [{ action: "update", entityId: actor.orgId, before, after }]);
  return readSettings(tx, actor.orgId);
}

/** The organization's settings (issue 27, item 1: its time zone, the calendar of its civil dates). */
const organizationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/organization/settings",
    {
      schema: {
        tags,
        summary:
          "The organization's settings: its time zone (IANA name), which day it is for charges, fees and periods; the NSF fee in cents",
        response: { 200: organizationSettingsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readSettings(tx, orgId));
    },
  );

  app.put(
    "/organization/settings",
    {
      schema: {
        tags,
        summary:
          "Change the organization's settings: its time zone, one of the IANA zones (America/Chicago); the NSF fee in cents (unchanged when left out)",
        body: organizationSettingsSchema,
        response: { 200: organizationSettingsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => saveSettings(tx, actor, request.body));
    },
  );
};

export default organizationSettingsRoutes;
