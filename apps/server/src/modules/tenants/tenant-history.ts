import { tenantMessages } from "@keyholder/contracts/tenants";
import type { Tx } from "../../db/client.ts";
import { tenants } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A tenant's history, still readable after the tenant is deleted. */
export const tenantHistory = (tx: Tx, orgId: string, id: string) =>
  recordHistory(
    tx,
    { orgId, entity: "tenant", entityId: id },
    { table: tenants, id: tenants.id, notFound: tenantMessages.notFound },
  );
