import { form1099SummarySchema } from "@keyholder/contracts/tax-forms";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/tax-forms/1099?year=: the year's forms and the payees under its threshold. */
export const form1099Query = (year: number) =>
  queryOptions({
    queryKey: ["tax-forms-1099", year],
    queryFn: ({ signal }) => api("/tax-forms/1099", { query: { year }, schema: form1099SummarySchema, signal }),
  });

/** Where the year's CSV downloads from (the browser sends the session cookie). */
export const form1099CsvUrl = (year: number) => `/api/v1/tax-forms/1099?year=${year}&format=csv`;
