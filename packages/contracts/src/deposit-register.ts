import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { LEASE_STANDINGS } from "./delinquency.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * The security-deposit register (Reports > Financial; issue 30 item 3): on any day, what each lease
 * had on deposit (security and other deposits held), so the register adds up to the deposit
 * liability on the balance sheet that day.
 */
export const depositRegisterQuerySchema = z.object({
  as_of: civilDateSchema().optional(),
  property_id: z.uuid({ error: reportMessages.property }).optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type DepositRegisterQuery = z.infer<typeof depositRegisterQuerySchema>;

export const depositRegisterRowSchema = z.object({
  lease: z.object({ id: z.string(), lease_no: z.number().int() }),
  property: z.object({ id: z.string(), name: z.string() }),
  unit_names: z.string(),
  tenant_names: z.string(),
  standing: z.enum(LEASE_STANDINGS),
  security_cents: z.number().int(),
  other_cents: z.number().int(),
  held_cents: z.number().int(),
});
export type DepositRegisterRow = z.infer<typeof depositRegisterRowSchema>;

export const depositRegisterSchema = z.object({
  as_of: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.array(depositRegisterRowSchema),
  totals: z.object({
    leases: z.number().int(),
    security_cents: z.number().int(),
    other_cents: z.number().int(),
    held_cents: z.number().int(),
  }),
  /** Deposits held on lines of no lease (a journal entry): with the rows, the deposit accounts' balance. */
  not_on_a_lease_cents: z.number().int(),
});
export type DepositRegister = z.infer<typeof depositRegisterSchema>;
