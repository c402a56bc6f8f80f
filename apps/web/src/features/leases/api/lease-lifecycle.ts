import {
  depositStatementSchema,
  lifecycleLeaseResponseSchema,
  type MoveOut,
  moveOutPreviewSchema,
  moveOutResponseSchema,
  type Notice,
  type RenewalBulk,
  type RenewalOfferCreate,
  renewalAcceptResponseSchema,
  renewalBulkResultSchema,
  renewalOfferListSchema,
  renewalOfferSchema,
} from "@keyholder/contracts/lease-lifecycle";
import { z } from "zod";
import { api } from "../../../lib/api-client.ts";

/** Notice, renewal and move-out of a lease (issue 27 item 13). */

export const recordNotice = (id: string, body: Notice) =>
  api(`/leases/${id}/notice`, { method: "POST", body, schema: lifecycleLeaseResponseSchema });

export const withdrawNotice = (id: string) =>
  api(`/leases/${id}/notice`, { method: "DELETE", schema: lifecycleLeaseResponseSchema });

export const renewalOffersKey = (id: string) => ["renewal-offers", id] as const;
export const getRenewalOffers = async (id: string) =>
  (await api(`/leases/${id}/renewal-offers`, { schema: renewalOfferListSchema })).offers;

export const offerRenewal = (id: string, body: RenewalOfferCreate) =>
  api(`/leases/${id}/renewal-offers`, { method: "POST", body, schema: renewalOfferSchema });

export const offerRenewals = (body: RenewalBulk) =>
  api("/renewal-offers/bulk", { method: "POST", body, schema: renewalBulkResultSchema });

export const decideRenewal = (id: string, offerId: string, decision: "accept" | "decline") =>
  decision === "accept"
    ? api(`/leases/${id}/renewal-offers/${offerId}/accept`, { method: "POST", schema: renewalAcceptResponseSchema })
    : api(`/leases/${id}/renewal-offers/${offerId}/decline`, { method: "POST", schema: renewalOfferSchema });

/** Without a day: every move-out query of the lease (what invalidating after a change needs). */
export const moveOutKey = (id: string, movedOutOn?: string) =>
  movedOutOn ? (["move-out", id, movedOutOn] as const) : (["move-out", id] as const);
export const getMoveOut = (id: string, movedOutOn?: string) =>
  api(`/leases/${id}/move-out${movedOutOn ? `?moved_out_on=${encodeURIComponent(movedOutOn)}` : ""}`, {
    schema: z.object({ preview: moveOutPreviewSchema, statement: depositStatementSchema.nullable() }),
  });

export const moveOut = (id: string, body: MoveOut) =>
  api(`/leases/${id}/move-out`, { method: "POST", body, schema: moveOutResponseSchema });

/** The itemized deposit statement as a PDF, downloaded by the browser with the session cookie. */
export const depositStatementUrl = (id: string) => `/api/v1/leases/${id}/deposit-statement.pdf`;
