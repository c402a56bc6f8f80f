import { z } from "zod";
import { MAX_LINE_CENTS } from "./ledger.ts";

/**
 * The year's 1099 summary (issue 29 item 8, decision 045): vendors paid for services (1099-NEC box
 * 1, card payments left out: the card processor reports them on 1099-K) and owners' rents
 * (1099-MISC box 1), each payee at or over the year's threshold, as JSON or a CSV for a filing service.
 */
export const FORM_1099_KINDS = ["NEC", "MISC"] as const;
export type Form1099Kind = (typeof FORM_1099_KINDS)[number];

/**
 * The reporting threshold by tax year as known: $600 through 2025; $2,000 for payments from 2026 (the
 * One Big Beautiful Bill Act, per secondary sources: check the IRS instructions for the year). Each
 * organization may set its own per year.
 */
export const defaultThresholdCents = (year: number) => (year >= 2026 ? 200_000 : 60_000);

export const taxFormMessages = {
  year: "Choose a tax year from 2000 to 2100",
  threshold: "Enter the threshold in dollars and cents",
  scopedUser: "1099s are prepared by users of every property",
} as const;

const year = z.coerce
  .number({ error: taxFormMessages.year })
  .int(taxFormMessages.year)
  .min(2000, taxFormMessages.year)
  .max(2100, taxFormMessages.year);

export const form1099QuerySchema = z.object({ year, format: z.enum(["json", "csv"]).default("json") });
export const thresholdParamsSchema = z.object({ year });
export const setThresholdSchema = z.object({
  threshold_cents: z
    .number({ error: taxFormMessages.threshold })
    .int(taxFormMessages.threshold)
    .min(0, taxFormMessages.threshold)
    .max(MAX_LINE_CENTS, taxFormMessages.threshold),
});

export const form1099Schema = z.object({
  form: z.enum(FORM_1099_KINDS),
  box: z.string(),
  payee_type: z.enum(["vendor", "owner"]),
  payee_id: z.uuid(),
  name: z.string(),
  legal_name: z.string().nullable(),
  tax_classification: z.string().nullable(),
  taxpayer_id_last4: z.string().nullable(),
  amount_cents: z.number().int(),
});
export type Form1099 = z.infer<typeof form1099Schema>;

export const form1099SummarySchema = z.object({
  year: z.number().int(),
  threshold_cents: z.number().int(),
  forms: z.array(form1099Schema),
  /** Payees marked for 1099 but under the threshold, with what they were paid: not filed. */
  under_threshold: z.array(form1099Schema),
});
export type Form1099Summary = z.infer<typeof form1099SummarySchema>;
