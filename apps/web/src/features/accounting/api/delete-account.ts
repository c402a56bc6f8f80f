import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/ledger/accounts/{id}: only an account nothing ever used (else 409, saying to retire it). */
export const deleteAccount = (id: number) => api(`/ledger/accounts/${id}`, { method: "DELETE" });
