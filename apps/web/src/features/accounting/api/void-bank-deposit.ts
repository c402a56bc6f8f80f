import { bankDepositSchema } from "@keyholder/contracts/bank-accounts";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bank-deposits/{id}/void: its entry reversed on its own day, its receipts back in Undeposited Funds. */
export const voidBankDeposit = (id: string) =>
  api(`/bank-deposits/${id}/void`, { method: "POST", body: {}, schema: bankDepositSchema });
