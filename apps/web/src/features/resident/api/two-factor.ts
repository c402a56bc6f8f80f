import { residentTwoFactorStatusSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The resident's two-factor sign-in (decision 036): status, set up, turn on or off, the second step. */
export const residentTwoFactorQuery = queryOptions({
  queryKey: ["resident", "two-factor"],
  queryFn: () => api("/resident/two-factor", { schema: residentTwoFactorStatusSchema, ownSession: true }),
});
