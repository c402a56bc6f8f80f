import { residentSessionSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";

/** The signed-in resident, or null when signed out (the portal's own cookie, decision 036). */
export const residentSessionQuery = queryOptions({
  queryKey: ["resident", "session"],
  queryFn: async () => {
    try {
      return await api("/resident/session", { schema: residentSessionSchema, ownSession: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});
