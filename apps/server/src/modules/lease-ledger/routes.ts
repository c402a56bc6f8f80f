import {
  leaseIdParamsSchema,
  leaseLedgerSchema,
  leasePostingSchema,
  ledgerQuerySchema,
  paymentIdParamsSchema,
  postChargeSchema,
  postCreditSchema,
  postPaymentSchema,
  postRefundSchema,
  returnPaymentSchema,
} from "@keyholder/contracts/lease-ledger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { readTenantStatement } from "../tenant-statement/read-tenant-statement.ts";
import { tenantStatementDocument } from "../tenant-statement/tenant-statement-document.ts";
import { postCharge } from "./post-charge.ts";
import { postCredit } from "./post-credit.ts";
import { postPayment } from "./post-payment.ts";
import { postRefund } from "./post-refund.ts";
import { readLedger } from "./read-ledger.ts";
import { returnPayment } from "./return-payment.ts";

const tags = ["leases"];
const posted = { 200: leasePostingSchema, 201: leasePostingSchema };

/** The tenant ledger of a lease (issue 27 item 10, decision 030). */
const leaseLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/leases/:id/ledger",
    {
      schema: {
        tags,
        summary:
          "A lease's ledger: every charge, payment, credit, refund, late and NSF fee with a running balance (cents), its open charges and credit, and its balance now",
        params: leaseIdParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: leaseLedgerSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readLedger(tx, orgId, request.params.id, request.query));
    },
  );

  app.get(
    "/leases/:id/statement.pdf",
    {
      schema: {
        tags,
        summary: "The lease's ledger from one day to another (from, to: YYYY-MM-DD) as a PDF statement",
        params: leaseIdParamsSchema,
        querystring: ledgerQuerySchema,
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { from, to } = request.query;
      // The tenant statement report's document (decision 047), as a PDF.
      const [statement, heading] = await request.withOrg(
        async (tx) =>
          [
            await readTenantStatement(tx, orgId, { lease_id: request.params.id, from, to, format: "pdf" }),
            await reportHeading(tx, orgId),
          ] as const,
      );
      return sendReport(reply, "pdf", tenantStatementDocument(statement), heading);
    },
  );

  app.post(
    "/leases/:id/charges",
    {
      schema: {
        tags,
        summary:
          "Post a one-time charge to a lease (an income account, amount in cents, date, description); the lease's prepaid rent is applied to it. The request key makes a retry post once (200)",
        params: leaseIdParamsSchema,
        body: postChargeSchema,
        response: posted,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { posting, created } = await request.withOrg((tx) =>
        postCharge(tx, actor, request.params.id, request.body),
      );
      return reply.status(created ? 201 : 200).send(posting);
    },
  );

  app.post(
    "/leases/:id/payments",
    {
      schema: {
        tags,
        summary:
          "Record a payment (check, cash, ACH, card, money order): applied to the charges picked, else the oldest open; the rest becomes prepaid rent. The request key makes a retry post once (200)",
        params: leaseIdParamsSchema,
        body: postPaymentSchema,
        response: posted,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { posting, created } = await request.withOrg((tx) =>
        postPayment(tx, actor, request.params.id, request.body),
      );
      return reply.status(created ? 201 : 200).send(posting);
    },
  );

  app.post(
    "/leases/:id/credits",
    {
      schema: {
        tags,
        summary:
          "Post a concession or credit to a lease, applied to the charges picked or the oldest open; the rest waits for the next charge",
        params: leaseIdParamsSchema,
        body: postCreditSchema,
        response: posted,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { posting, created } = await request.withOrg((tx) =>
        postCredit(tx, actor, request.params.id, request.body),
      );
      return reply.status(created ? 201 : 200).send(posting);
    },
  );

  app.post(
    "/leases/:id/refunds",
    {
      schema: {
        tags,
        summary: "Refund a lease's credit (prepaid rent) from operating cash; refused beyond the credit it holds",
        params: leaseIdParamsSchema,
        body: postRefundSchema,
        response: posted,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { posting, created } = await request.withOrg((tx) =>
        postRefund(tx, actor, request.params.id, request.body),
      );
      return reply.status(created ? 201 : 200).send(posting);
    },
  );

  app.post(
    "/payments/:id/return",
    {
      schema: {
        tags,
        summary:
          "A payment came back (NSF): reverses it, reopens exactly the charges it paid and posts the NSF fee once; a second return answers the first (200)",
        params: paymentIdParamsSchema,
        body: returnPaymentSchema,
        response: posted,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { posting, created } = await request.withOrg((tx) =>
        returnPayment(tx, actor, request.params.id, request.body),
      );
      return reply.status(created ? 201 : 200).send(posting);
    },
  );
};

export default leaseLedgerRoutes;
