import { type ResidentRequestFormInput, residentRequestResponseSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

export const createResidentRequest = async (body: ResidentRequestFormInput) =>
  (
    await api("/resident/maintenance-requests", {
      method: "POST",
      body,
      schema: residentRequestResponseSchema,
      ownSession: true,
    })
  ).request;
