import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getApplicantHistory = async (id: string) =>
  (await api(`/applicants/${id}/history`, { schema: historySchema })).history;
