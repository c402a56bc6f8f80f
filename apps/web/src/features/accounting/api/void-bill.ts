import { billSchema } from "@keyholder/contracts/payables";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/bills/{id}/void: its entry reversed on its own day. */
export const voidBill = (id: string) => api(`/bills/${id}/void`, { method: "POST", body: {}, schema: billSchema });
