import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { leaseLedgerMessages, ledgerRowSchema } from "./lease-ledger.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * The tenant statement (Reports; issue 30 item 3): a lease's ledger from one day to another, the
 * balance brought forward, each charge and payment with the balance after it, the period's totals
 * and what is due; what the tenant is sent.
 */
export const tenantStatementQuerySchema = z
  .object({
    lease_id: z.uuid({ error: "Choose a lease" }),
    from: civilDateSchema().optional(),
    to: civilDateSchema().optional(),
    format: z.enum(REPORT_FORMATS).default("json"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: leaseLedgerMessages.dateRange, path: ["from"] });
export type TenantStatementQuery = z.infer<typeof tenantStatementQuerySchema>;

export const tenantStatementSchema = z.object({
  lease: z.object({
    id: z.string(),
    lease_no: z.number().int(),
    tenant_names: z.string(),
    unit_names: z.string(),
    property_name: z.string(),
  }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening_balance_cents: z.number().int(),
  rows: z.array(ledgerRowSchema),
  charges_cents: z.number().int(),
  payments_cents: z.number().int(),
  closing_balance_cents: z.number().int(),
});
export type TenantStatement = z.infer<typeof tenantStatementSchema>;
