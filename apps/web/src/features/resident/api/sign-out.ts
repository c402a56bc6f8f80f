import { api } from "../../../lib/api-client.ts";

export const residentSignOut = () => api("/resident/sign-out", { method: "POST", ownSession: true });
