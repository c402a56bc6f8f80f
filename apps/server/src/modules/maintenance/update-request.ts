import { type MaintenanceForm, type MaintenanceRow, maintenanceMessages } from "@keyholder/contracts/maintenance";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequests } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { checkReferences } from "./request-references.ts";
import { readRequest } from "./request-row.ts";
import { dueOnFor } from "./request-sql.ts";
import { requestValues } from "./request-values.ts";

/**
 * Saves a request's form fields. A changed priority moves the due day: the day it was made plus
 * the new priority's days. The status has its own action (`changeStatus`).
 */
export async function updateRequest(tx: Tx, actor: Actor, id: string, form: MaintenanceForm): Promise<MaintenanceRow> {
  const where = and(eq(maintenanceRequests.organizationId, actor.orgId), eq(maintenanceRequests.id, id));
  const [current] = await tx
    .select({ priority: maintenanceRequests.priority, createdDate: maintenanceRequests.createdDate })
    .from(maintenanceRequests)
    .where(where)
    .for("update");
  if (!current) throw notFound(maintenanceMessages.notFound);
  await checkReferences(tx, form);
  const dueOn =
    current.priority === form.priority
      ? {}
      : { dueOn: await dueOnFor(tx, actor.orgId, form.priority, current.createdDate) };
  await tx
    .update(maintenanceRequests)
    .set({ ...requestValues(form), ...dueOn, lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where);
  const saved = await readRequest(tx, id);
  if (!saved) throw notFound(maintenanceMessages.notFound);
  return saved;
}
