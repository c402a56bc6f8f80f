import { vendorMessages } from "@keyholder/contracts/vendors";
import type { Tx } from "../../db/client.ts";
import { vendors } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A vendor's history, still readable after the vendor is deleted. */
export const vendorHistory = (tx: Tx, orgId: string, id: string) =>
  recordHistory(
    tx,
    { orgId, entity: "vendor", entityId: id },
    { table: vendors, id: vendors.id, notFound: vendorMessages.notFound },
  );
