import { type MaintenanceForm, type MaintenanceRow, maintenanceMessages } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents, maintenanceRequests } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { checkReferences } from "./request-references.ts";
import { readRequest } from "./request-row.ts";
import { dueOnFor, rowsOf } from "./request-sql.ts";
import { requestValues } from "./request-values.ts";

/** The organization's next request number: one row per organization, taken under its lock. */
async function nextNumber(tx: Tx, orgId: string): Promise<number> {
  const [row] = await rowsOf<{ last_no: string | number }>(
    tx,
    sql`insert into maintenance_request_numbers (organization_id, last_no) values (${orgId}, 1)
      on conflict (organization_id) do update set last_no = maintenance_request_numbers.last_no + 1
      returning last_no`,
  );
  return Number(row?.last_no);
}

/** Records a new request (status New), its due day from its priority, and its first history entry. */
export async function createRequest(tx: Tx, actor: Actor, form: MaintenanceForm): Promise<MaintenanceRow> {
  await checkReferences(tx, form);
  const [row] = await tx
    .insert(maintenanceRequests)
    .values({
      organizationId: actor.orgId,
      requestNo: await nextNumber(tx, actor.orgId),
      ...requestValues(form),
      dueOn: await dueOnFor(tx, actor.orgId, form.priority),
      recordedBy: actor.userId,
      createdBy: actor.userId,
      lastModifiedBy: actor.userId,
    })
    .returning({ id: maintenanceRequests.id });
  if (!row) throw new Error("insert into maintenance_requests returned no row");
  await tx.insert(maintenanceRequestEvents).values({
    organizationId: actor.orgId,
    requestId: row.id,
    fromStatus: null,
    toStatus: "new",
    changedBy: actor.userId,
  });
  const created = await readRequest(tx, row.id);
  if (!created) throw notFound(maintenanceMessages.notFound);
  return created;
}
