import { peopleListSchema } from "@keyholder/contracts/people";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The organization's people, who can manage a property. */
export const peopleQuery = () =>
  queryOptions({
    queryKey: ["people"],
    queryFn: async ({ signal }) => (await api("/people", { schema: peopleListSchema, signal })).people,
    staleTime: 60_000,
  });
