import { historySchema } from "@keyholder/contracts/history";
import { type UpdateUser, userRowSchema } from "@keyholder/contracts/users";
import { api } from "../../../lib/api-client.ts";

/** One user as the grid shows them. */
export const getUser = (id: number) => api(`/users/${id}`, { schema: userRowSchema });

/** PATCH /api/v1/users/{id}: role, lock, enabled. */
export const updateUser = (id: number, body: UpdateUser) =>
  api(`/users/${id}`, { method: "PATCH", body, schema: userRowSchema });

export const signOutEverywhere = (id: number) =>
  api(`/users/${id}/sign-out`, { method: "POST", schema: userRowSchema });

export const resetTwoFactor = (id: number) =>
  api(`/users/${id}/reset-two-factor`, { method: "POST", schema: userRowSchema });

export const getUserHistory = async (id: number) =>
  (await api(`/users/${id}/history`, { schema: historySchema })).history;
