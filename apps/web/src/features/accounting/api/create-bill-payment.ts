import { billPaymentSchema, type CreateBillPayment } from "@keyholder/contracts/payables";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bill-payments: posted once per request key. */
export const createBillPayment = (payment: CreateBillPayment) =>
  api("/bill-payments", { method: "POST", body: payment, schema: billPaymentSchema });
