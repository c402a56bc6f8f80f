import { billSchema, type CreateBill } from "@keyholder/contracts/payables";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bills naming the request and its cost lines: each cost billed once. */
export const createVendorBill = (bill: CreateBill) => api("/bills", { method: "POST", body: bill, schema: billSchema });
