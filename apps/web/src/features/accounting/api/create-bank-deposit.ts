import { bankDepositSchema, type CreateBankDeposit } from "@keyholder/contracts/bank-accounts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bank-deposits: posted once per request key. */
export const createBankDeposit = (deposit: CreateBankDeposit) =>
  api("/bank-deposits", { method: "POST", body: deposit, schema: bankDepositSchema });
