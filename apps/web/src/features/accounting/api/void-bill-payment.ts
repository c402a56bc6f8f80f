import { billPaymentSchema } from "@keyholder/contracts/payables";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bill-payments/{id}/void: its entry reversed, its bills owed again. */
export const voidBillPayment = (id: string) =>
  api(`/bill-payments/${id}/void`, { method: "POST", body: {}, schema: billPaymentSchema });
