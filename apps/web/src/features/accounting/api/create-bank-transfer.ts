import type { CreateBankTransfer } from "@keyholder/contracts/bank-accounts";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bank-transfers: posted once per request key. */
export const createBankTransfer = (transfer: CreateBankTransfer) =>
  api("/bank-transfers", { method: "POST", body: transfer, schema: journalEntrySchema });
