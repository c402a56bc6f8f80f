import { type WAITLIST_STATUSES, waitlistListSchema } from "@keyholder/contracts/operator";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistQuery = (status: WaitlistStatus) =>
  queryOptions({
    queryKey: ["operator", "waitlist", status],
    queryFn: ({ signal }) => api("/operator/waitlist", { query: { status }, schema: waitlistListSchema, signal }),
  });
