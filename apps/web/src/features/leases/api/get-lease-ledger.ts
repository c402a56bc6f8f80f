import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import { api } from "../../../lib/api-client.ts";

export const leaseLedgerKey = (id: string) => ["lease-ledger", id] as const;

/** GET /api/v1/leases/{id}/ledger: every posting with a running balance, the open charges, the credit. */
export const getLeaseLedger = (id: string) => api(`/leases/${id}/ledger`, { schema: leaseLedgerSchema });

/** The statement as a PDF, downloaded by the browser with the session cookie. */
export const statementUrl = (id: string) => `/api/v1/leases/${id}/statement.pdf`;
