import { type ResidentAccept, residentSessionSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

export const acceptResidentInvitation = (body: ResidentAccept) =>
  api("/resident/accept", { method: "POST", body, schema: residentSessionSchema, ownSession: true });
