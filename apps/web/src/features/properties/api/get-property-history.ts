import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getPropertyHistory = async (id: string) =>
  (await api(`/properties/${id}/history`, { schema: historySchema })).history;
