import { bankAccountSchema, type CreateBankAccount, type UpdateBankAccount } from "@keyholder/contracts/bank-accounts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bank-accounts. */
export const createBankAccount = (account: CreateBankAccount) =>
  api("/bank-accounts", { method: "POST", body: account, schema: bankAccountSchema });

/** PATCH /api/v1/bank-accounts/{id}: only what is sent changes. */
export const updateBankAccount = (id: string, change: UpdateBankAccount) =>
  api(`/bank-accounts/${id}`, { method: "PATCH", body: change, schema: bankAccountSchema });
