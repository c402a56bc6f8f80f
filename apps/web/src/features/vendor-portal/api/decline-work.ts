import type { VendorDecline } from "@keyholder/contracts/vendor-portal";
import { z } from "zod";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendor-portal/{token}/decline: the request goes back to the manager; the link closes. */
export const declineWork = (token: string, decline: VendorDecline) =>
  api(`/vendor-portal/${encodeURIComponent(token)}/decline`, {
    method: "POST",
    body: decline,
    schema: z.object({ declined: z.literal(true), message: z.string() }),
  });
