import { sessionSchema } from "@keyholder/contracts/auth";
import { api } from "../api-client.ts";

/** Starts previewing the workspace as a user (administrators); answers that user's session, marked as a preview. */
export const startViewingAs = (userId: number) =>
  api(`/users/${userId}/view-as`, { method: "POST", schema: sessionSchema });

/** Ends a preview; answers one's own session. */
export const stopViewingAs = () => api("/auth/view-as", { method: "DELETE", schema: sessionSchema });
