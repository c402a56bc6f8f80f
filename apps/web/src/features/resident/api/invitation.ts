import { residentInvitationCheckSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** What an invitation link opens, or the reason it does not (an ApiError with its message). */
export const residentInvitation = (token: string) =>
  api("/resident/invitation", { query: { token }, schema: residentInvitationCheckSchema, ownSession: true });
