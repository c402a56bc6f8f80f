import {
  leasePostingSchema,
  type PostCharge,
  type PostCredit,
  type PostPayment,
  type PostRefund,
  type ReturnPayment,
} from "@keyholder/contracts/lease-ledger";
import { api } from "../../../lib/api-client.ts";

/** What can be posted to a lease's ledger from its screen, by the path segment that takes it. */
export interface LeasePostings {
  payments: PostPayment;
  charges: PostCharge;
  credits: PostCredit;
  refunds: PostRefund;
}

/** POST /api/v1/leases/{id}/{payments|charges|credits|refunds}: posted once per request key. */
export const postToLease = <K extends keyof LeasePostings>(id: string, kind: K, body: LeasePostings[K]) =>
  api(`/leases/${id}/${kind}`, { method: "POST", body, schema: leasePostingSchema });

/** POST /api/v1/payments/{id}/return: the payment came back (NSF). */
export const returnPayment = (paymentId: string, body: ReturnPayment) =>
  api(`/payments/${paymentId}/return`, { method: "POST", body, schema: leasePostingSchema });
