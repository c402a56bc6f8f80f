import { bankAccountPropertiesSchema } from "@keyholder/contracts/bank-accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/bank-accounts/{id}/properties: the properties whose money it keeps. */
export const bankAccountPropertiesQuery = (id: string) =>
  queryOptions({
    queryKey: ["bank-accounts", id, "properties"],
    queryFn: ({ signal }) => api(`/bank-accounts/${id}/properties`, { schema: bankAccountPropertiesSchema, signal }),
  });
