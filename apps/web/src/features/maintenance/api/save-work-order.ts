import { type WorkOrderUpdate, workOrderResponseSchema } from "@keyholder/contracts/maintenance-work-orders";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/maintenance-requests/{id}/work-orders/{workOrderId}: the open order's instructions and limit. */
export const saveWorkOrder = async (requestId: string, workOrderId: string, change: WorkOrderUpdate) =>
  (
    await api(`/maintenance-requests/${requestId}/work-orders/${workOrderId}`, {
      method: "PUT",
      body: change,
      schema: workOrderResponseSchema,
    })
  ).work_order;
