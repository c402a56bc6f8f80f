import { inviteCheckSchema } from "@keyholder/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Spec accounts 7: GET /api/v1/staff/invite/verify-invite?guid= — who is invited, by whom, until when. */
export const verifyInviteQuery = (guid: string) =>
  queryOptions({
    queryKey: ["staff-invite", guid],
    queryFn: () => api("/staff/invite/verify-invite", { query: { guid }, schema: inviteCheckSchema }),
    retry: false,
    staleTime: 0,
  });
