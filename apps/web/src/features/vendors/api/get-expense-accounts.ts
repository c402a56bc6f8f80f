import { ledgerAccountsSchema } from "@keyholder/contracts/ledger";
import { EXPENSE_ACCOUNT_CODES } from "@keyholder/contracts/vendors";
import { api } from "../../../lib/api-client.ts";

export const expenseAccountsKey = ["ledger-accounts", "expense"] as const;

/** The organization's active expense accounts (codes 5000 to 8999): what a vendor's bills can go to. */
export const getExpenseAccounts = async () =>
  (await api("/ledger/accounts", { schema: ledgerAccountsSchema })).accounts.filter((a) => {
    const code = Number(a.code);
    return (
      a.type === "expense" && a.is_active && code >= EXPENSE_ACCOUNT_CODES.first && code <= EXPENSE_ACCOUNT_CODES.last
    );
  });
