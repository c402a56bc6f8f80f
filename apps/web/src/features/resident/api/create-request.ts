import { type ResidentRequestFormInput, residentRequestResponseSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";
import { leaseParam } from "./lease-query.ts";

export const createResidentRequest = async (body: ResidentRequestFormInput, leaseId?: string) =>
  (
    await api(`/resident/maintenance-requests${leaseParam(leaseId)}`, {
      method: "POST",
      body,
      schema: residentRequestResponseSchema,
      ownSession: true,
    })
  ).request;
