import { billSchema, type CreateBill } from "@keyholder/contracts/payables";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bills: entered and posted once per request key. */
export const createBill = (bill: CreateBill) => api("/bills", { method: "POST", body: bill, schema: billSchema });
