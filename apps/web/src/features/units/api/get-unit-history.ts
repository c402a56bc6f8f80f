import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getUnitHistory = async (id: number) =>
  (await api(`/units/${id}/history`, { schema: historySchema })).history;
