import { undepositedReceiptsSchema } from "@keyholder/contracts/bank-accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/undeposited-receipts: payments waiting in Undeposited Funds, oldest first. */
export const undepositedReceiptsQuery = queryOptions({
  queryKey: ["undeposited-receipts"],
  queryFn: () => api("/undeposited-receipts", { schema: undepositedReceiptsSchema }),
});
