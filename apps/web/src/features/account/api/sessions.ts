import { accountSessionListSchema } from "@keyholder/contracts/account";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ["account", "sessions"],
    queryFn: ({ signal }) => api("/account/sessions", { schema: accountSessionListSchema, signal }),
  });

export const endSession = (id: string) => api(`/account/sessions/${id}`, { method: "DELETE" });
export const endOtherSessions = () => api("/account/sessions", { method: "DELETE" });
