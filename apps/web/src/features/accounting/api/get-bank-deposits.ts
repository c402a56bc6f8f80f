import { bankDepositsSchema } from "@keyholder/contracts/bank-accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/bank-deposits: the latest deposits, newest first. */
export const bankDepositsQuery = queryOptions({
  queryKey: ["bank-deposits"],
  queryFn: () => api("/bank-deposits", { schema: bankDepositsSchema }),
});
