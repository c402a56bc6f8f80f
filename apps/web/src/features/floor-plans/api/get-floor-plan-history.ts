import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getFloorPlanHistory = async (id: number) =>
  (await api(`/floor-plans/${id}/history`, { schema: historySchema })).history;
