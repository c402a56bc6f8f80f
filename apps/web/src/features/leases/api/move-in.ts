import { type MoveIn, moveInResponseSchema } from "@keyholder/contracts/leases";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/leases/{id}/move-in: the lease becomes active and its first charges post (once). */
export const moveIn = (id: string, body: MoveIn) =>
  api(`/leases/${id}/move-in`, { method: "POST", body, schema: moveInResponseSchema });
