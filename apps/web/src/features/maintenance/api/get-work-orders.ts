import { workOrderListSchema } from "@keyholder/contracts/maintenance-work-orders";
import { api } from "../../../lib/api-client.ts";

export const workOrdersKey = (requestId: string) => ["maintenance-work-orders", requestId] as const;

/** A request's work orders, newest first (decision 034, "Work orders"). */
export const getWorkOrders = async (requestId: string) =>
  (await api(`/maintenance-requests/${requestId}/work-orders`, { schema: workOrderListSchema })).work_orders;
