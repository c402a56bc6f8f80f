import { residentTwoFactorStateSchema } from "@keyholder/contracts/resident-account";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The resident's two-factor sign-in (decision 036): on or off, and the recovery codes left. */
export const residentTwoFactorQuery = queryOptions({
  queryKey: ["resident", "two-factor"],
  queryFn: () => api("/resident/two-factor", { schema: residentTwoFactorStateSchema, ownSession: true }),
});
