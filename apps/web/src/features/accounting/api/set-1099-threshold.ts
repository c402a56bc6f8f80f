import { z } from "zod";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/tax-forms/1099/thresholds/{year}. */
export const set1099Threshold = (year: number, threshold_cents: number) =>
  api(`/tax-forms/1099/thresholds/${year}`, {
    method: "PUT",
    body: { threshold_cents },
    schema: z.object({ year: z.number(), threshold_cents: z.number() }),
  });
