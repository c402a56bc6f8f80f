import { z } from "zod";
import { ACCOUNT_TYPES, type AccountType, type LedgerRole } from "./ledger.ts";
import { reportSpanQuery } from "./report-span.ts";

/**
 * Cash flow (Reports > Financial; issue 30 item 3), by the direct method: the cash at the start of
 * a span, what came in and went out through each other account (rent collected through the
 * receivables, deposits held, bills paid, owners' contributions and distributions), and the cash at
 * the end, which is the start plus every flow. Cash is the bank accounts' ledger accounts and the
 * cash roles, undeposited funds included (money received, not yet at the bank).
 */
export const CASH_ROLES = [
  "operating_cash",
  "trust_cash",
  "deposit_escrow_cash",
  "undeposited_funds",
] as const satisfies readonly LedgerRole[];

/** The flows' sections, in the order shown, by the type of the account the cash moved through. */
export const CASH_FLOW_SECTIONS: readonly { label: string; types: readonly AccountType[] }[] = [
  { label: "Operating: income and expenses", types: ["income", "expense"] },
  { label: "Receivables, payables and other assets", types: ["asset"] },
  { label: "Held for others: deposits, prepaid rent", types: ["liability"] },
  { label: "Owners: contributions and distributions", types: ["equity"] },
];

/** The month to date when left out. */
export const cashFlowQuerySchema = reportSpanQuery({});
export type CashFlowQuery = z.infer<typeof cashFlowQuerySchema>;

const account = z.object({ id: z.number().int(), code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES) });

export const cashFlowSchema = z.object({
  from: z.string(),
  to: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The cash accounts with their balance at the start and the end. */
  cash: z.array(z.object({ account, beginning_cents: z.number().int(), ending_cents: z.number().int() })),
  beginning_cents: z.number().int(),
  /** By section, each account's cash in (positive) or out (negative) over the span. */
  sections: z.array(
    z.object({
      label: z.string(),
      flows: z.array(
        z.object({ account, in_cents: z.number().int(), out_cents: z.number().int(), net_cents: z.number().int() }),
      ),
      net_cents: z.number().int(),
    }),
  ),
  net_change_cents: z.number().int(),
  ending_cents: z.number().int(),
});
export type CashFlow = z.infer<typeof cashFlowSchema>;
