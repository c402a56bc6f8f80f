import {
  billPaymentIdParamsSchema,
  billPaymentSchema,
  billPaymentsSchema,
  createBillPaymentSchema,
  voidBillPaymentSchema,
} from "@keyholder/contracts/payables";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { createBillPayment } from "./create-bill-payment.ts";
import { readBillPayments } from "./read-bill-payments.ts";
import { voidBillPayment } from "./void-bill-payment.ts";

const tags = ["bills"];

/** Vendors paid for their bills (issue 29 item 4, decision 043). */
const billPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/bill-payments",
    { schema: { tags, summary: "The latest 100 bill payments, newest first", response: { 200: billPaymentsSchema } } },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { payments: await request.withOrg((tx) => readBillPayments(tx, orgId, sql`true`, 100)) };
    },
  );

  app.post(
    "/bill-payments",
    {
      schema: {
        tags,
        summary:
          "Pay a vendor's bills (less credits used) from a bank account by check, ACH, card or otherwise: one entry (D accounts payable, C the account's cash, per property), once per request key (201, or 200 with the payment made)",
        body: createBillPaymentSchema,
        response: { 200: billPaymentSchema, 201: billPaymentSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { payment, created } = await request.withOrg((tx) => createBillPayment(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(payment);
    },
  );

  app.post(
    "/bill-payments/:id/void",
    {
      schema: {
        tags,
        summary:
          "Void a payment recorded wrongly: its entry reversed and its bills owed again (201; 200 when voided before; 409 once a completed reconciliation cleared it)",
        params: billPaymentIdParamsSchema,
        body: voidBillPaymentSchema,
        response: { 200: billPaymentSchema, 201: billPaymentSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { payment, voided } = await request.withOrg((tx) =>
        voidBillPayment(tx, actor, request.params.id, request.body, new Date()),
      );
      return reply.status(voided ? 201 : 200).send(payment);
    },
  );
};

export default billPaymentRoutes;
