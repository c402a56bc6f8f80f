import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * The balance sheet at the end of a day (issue 30 item 3): assets, liabilities and equity by account,
 * with the earnings to date (income less expenses ever posted, there being no year-end closing
 * entries) in equity, so assets always equal liabilities and equity (decision 046).
 */
export const balanceSheetQuerySchema = z.object({
  /** The organization's today when left out. */
  as_of: civilDateSchema().optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});

const line = z.object({
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** Assets as debits less credits; liabilities and equity as credits less debits. */
  amount_cents: z.number().int(),
});

export const balanceSheetSchema = z.object({
  as_of: z.string(),
  assets: z.array(line),
  liabilities: z.array(line),
  equity: z.array(line),
  earnings_cents: z.number().int(),
  total_assets_cents: z.number().int(),
  total_liabilities_cents: z.number().int(),
  total_equity_cents: z.number().int(),
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

/** The sheet read down, for the screen and the CSV alike. */
export function balanceSheetLines(b: BalanceSheet): { label: string; amount_cents: number; total?: true }[] {
  const of = (lines: BalanceSheet["assets"]) =>
    lines.map((l) => ({ label: `${l.account.code} ${l.account.name}`, amount_cents: l.amount_cents }));
  return [
    ...of(b.assets),
    { label: "Total assets", amount_cents: b.total_assets_cents, total: true },
    ...of(b.liabilities),
    { label: "Total liabilities", amount_cents: b.total_liabilities_cents, total: true },
    ...of(b.equity),
    { label: "Earnings to date", amount_cents: b.earnings_cents },
    { label: "Total equity", amount_cents: b.total_equity_cents, total: true },
    {
      label: "Total liabilities and equity",
      amount_cents: b.total_liabilities_cents + b.total_equity_cents,
      total: true,
    },
  ];
}
