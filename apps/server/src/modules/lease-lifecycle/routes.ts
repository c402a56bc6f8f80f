import { todayIn } from "@keyholder/contracts/civil-date";
import {
  depositStatementSchema,
  lifecycleLeaseResponseSchema,
  moveOutPreviewQuerySchema,
  moveOutPreviewSchema,
  moveOutResponseSchema,
  moveOutSchema,
  noticeSchema,
  renewalAcceptResponseSchema,
  renewalBulkResultSchema,
  renewalBulkSchema,
  renewalOfferCreateSchema,
  renewalOfferListQuerySchema,
  renewalOfferListSchema,
  renewalOfferParamsSchema,
  renewalOfferSchema,
} from "@keyholder/contracts/lease-lifecycle";
import { leaseIdParamsSchema } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { findLease } from "../lease-ledger/find-lease.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { acceptRenewal } from "./accept-renewal.ts";
import { declineRenewal } from "./decline-renewal.ts";
import { depositStatementPdf } from "./deposit-statement-pdf.ts";
import { leaseRenewalOffers, listRenewalOffers } from "./list-renewal-offers.ts";
import { moveOut } from "./move-out.ts";
import { offerRenewal, offerRenewals } from "./offer-renewal.ts";
import { depositStatement, moveOutPreview, readMoveOut } from "./read-move-out.ts";
import { recordNotice } from "./record-notice.ts";
import { withdrawNotice } from "./withdraw-notice.ts";

const tags = ["leases"];

/** Notice, renewal and move-out of a lease (issue 27 item 13, decision 032): thin handlers over the contract. */
const leaseLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/leases/:id/notice",
    {
      schema: {
        tags,
        summary:
          "Record a notice to vacate: the lease is on notice until its move-out day, holds its units through it, its charges stop then and its units are available the next day",
        params: leaseIdParamsSchema,
        body: noticeSchema,
        response: { 200: lifecycleLeaseResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return { lease: await request.withOrg((tx) => recordNotice(tx, actor, request.params.id, request.body)) };
    },
  );

  app.delete(
    "/leases/:id/notice",
    {
      schema: {
        tags,
        summary: "Withdraw a notice to vacate: the lease is active again with its term and charges as before",
        params: leaseIdParamsSchema,
        response: { 200: lifecycleLeaseResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return { lease: await request.withOrg((tx) => withdrawNotice(tx, actor, request.params.id)) };
    },
  );

  app.get(
    "/leases/:id/renewal-offers",
    {
      schema: {
        tags,
        summary: "The renewal offers of a lease, newest first",
        params: leaseIdParamsSchema,
        response: { 200: renewalOfferListSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        const lease = await findLease(tx, orgId, request.params.id);
        return { offers: await leaseRenewalOffers(tx, lease.id) };
      });
    },
  );

  app.post(
    "/leases/:id/renewal-offers",
    {
      schema: {
        tags,
        summary:
          "Offer a renewal: a new term (fixed, in months, from the day after the lease's end; or month-to-month) and its rent (an increase in cents, a percent rounded to the dollar, or an amount)",
        params: leaseIdParamsSchema,
        body: renewalOfferCreateSchema,
        response: { 201: renewalOfferSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const offer = await request.withOrg((tx) => offerRenewal(tx, actor, request.params.id, request.body));
      return reply.status(201).send(offer);
    },
  );

  app.get(
    "/renewal-offers",
    {
      schema: {
        tags,
        summary: "Renewal offers of the organization (at most 500, newest first), by status and property",
        querystring: renewalOfferListQuerySchema,
        response: { 200: renewalOfferListSchema },
      },
    },
    async (request) => ({ offers: await request.withOrg((tx) => listRenewalOffers(tx, request.query)) }),
  );

  app.post(
    "/renewal-offers/bulk",
    {
      schema: {
        tags,
        summary:
          "Offer renewals to every active fixed-term lease ending within the next 30, 60, 90 or 120 days (of one property when asked) with no open offer",
        body: renewalBulkSchema,
        response: { 201: renewalBulkResultSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      return reply.status(201).send(await request.withOrg((tx) => offerRenewals(tx, actor, request.body)));
    },
  );

  app.post(
    "/leases/:id/renewal-offers/:offerId/accept",
    {
      schema: {
        tags,
        summary:
          "Accept a renewal offer: the same lease gets the new term and its rent from the term's first day; nothing is posted, so its balance, prepaid rent and deposit carry on",
        params: renewalOfferParamsSchema,
        response: { 200: renewalAcceptResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => acceptRenewal(tx, actor, request.params.id, request.params.offerId));
    },
  );

  app.post(
    "/leases/:id/renewal-offers/:offerId/decline",
    {
      schema: {
        tags,
        summary: "Record that a renewal offer was declined; the lease is unchanged",
        params: renewalOfferParamsSchema,
        response: { 200: renewalOfferSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => declineRenewal(tx, actor, request.params.id, request.params.offerId));
    },
  );

  app.get(
    "/leases/:id/move-out",
    {
      schema: {
        tags,
        summary:
          "Before a move-out, the deposit held, the balance and the state's days for the deposit statement; after it, its itemized statement",
        params: leaseIdParamsSchema,
        querystring: moveOutPreviewQuerySchema,
        response: { 200: z.object({ preview: moveOutPreviewSchema, statement: depositStatementSchema.nullable() }) },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => ({
        preview: await moveOutPreview(tx, orgId, request.params.id, request.query.moved_out_on),
        statement: await readMoveOut(tx, request.params.id),
      }));
    },
  );

  app.post(
    "/leases/:id/move-out",
    {
      schema: {
        tags,
        summary:
          "Move the tenants out: final charges, the deposit applied to what is owed and the rest refunded, the lease ended; what the deposit does not cover stays owed. A second move-out answers the first",
        params: leaseIdParamsSchema,
        body: moveOutSchema,
        response: { 200: moveOutResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => moveOut(tx, actor, request.params.id, request.body));
    },
  );

  app.get(
    "/leases/:id/deposit-statement.pdf",
    {
      schema: {
        tags,
        summary: "The itemized security-deposit statement of a moved-out lease, as a PDF",
        params: leaseIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { pdf, leaseNo } = await request.withOrg(async (tx) => {
        const statement = await depositStatement(tx, orgId, request.params.id);
        const [org] = await rowsOf<{ name: string; time_zone: string }>(
          tx,
          sql`select name, time_zone from organizations where id = ${orgId}`,
        );
        const today = todayIn(org?.time_zone ?? "America/New_York", app.now());
        return {
          pdf: await depositStatementPdf({ organization: org?.name ?? "", statement, today }),
          leaseNo: statement.lease_no,
        };
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="deposit-statement-lease-${leaseNo}.pdf"`)
        .send(pdf);
    },
  );
};

export default leaseLifecycleRoutes;
