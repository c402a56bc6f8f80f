import { ledgerAccountsSchema } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

export const incomeAccountsKey = ["ledger-accounts", "income"] as const;

/** The organization's active income accounts: what a one-time charge can be for. */
export const getIncomeAccounts = async () =>
  (await api("/ledger/accounts", { schema: ledgerAccountsSchema })).accounts.filter(
    (a) => a.type === "income" && a.is_active,
  );
