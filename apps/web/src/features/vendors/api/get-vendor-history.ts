import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getVendorHistory = async (id: string) =>
  (await api(`/vendors/${id}/history`, { schema: historySchema })).history;
