import { accountingPeriodSchema } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/accounting-periods/{id}/reopen: postings dated in it are taken again. */
export const reopenPeriod = (id: string) =>
  api(`/accounting-periods/${id}/reopen`, { method: "POST", schema: accountingPeriodSchema });
