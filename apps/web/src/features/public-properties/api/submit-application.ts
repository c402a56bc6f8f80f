import { applicationReceiptSchema, type SubmitApplication } from "@keyholder/contracts/applications";
import { api } from "../../../lib/api-client.ts";

export const submitApplication = (slug: string, body: SubmitApplication) =>
  api(`/public/properties/by-slug/${encodeURIComponent(slug)}/applications`, {
    method: "POST",
    body,
    schema: applicationReceiptSchema,
  });
