import { applicationDraftSchemaOut } from "@keyholder/contracts/applications";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** A saved application, by the token of its emailed link (never cached beyond this page). */
export const applicationDraftQuery = (token: string) =>
  queryOptions({
    queryKey: ["public", "application-draft", token],
    queryFn: ({ signal }) =>
      api(`/public/application-drafts/${encodeURIComponent(token)}`, { schema: applicationDraftSchemaOut, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
