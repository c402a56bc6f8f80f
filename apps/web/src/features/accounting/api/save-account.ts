import { type CreateAccount, ledgerAccountSchema, type UpdateAccount } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/ledger/accounts: a new account (a code in use is refused on the code field). */
export const createAccount = (account: CreateAccount) =>
  api("/ledger/accounts", { method: "POST", body: account, schema: ledgerAccountSchema });

/** PATCH /api/v1/ledger/accounts/{id}: rename, renumber, retire or bring back. */
export const updateAccount = (id: number, change: UpdateAccount) =>
  api(`/ledger/accounts/${id}`, { method: "PATCH", body: change, schema: ledgerAccountSchema });
