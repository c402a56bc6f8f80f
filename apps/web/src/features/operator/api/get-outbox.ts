import { outboxListSchema } from "@keyholder/contracts/operator";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const outboxQuery = () =>
  queryOptions({
    queryKey: ["operator", "outbox"],
    queryFn: ({ signal }) => api("/operator/outbox", { schema: outboxListSchema, signal }),
  });
