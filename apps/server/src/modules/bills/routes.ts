import {
  billIdParamsSchema,
  billSchema,
  billsQuerySchema,
  billsSchema,
  createBillSchema,
  payableMessages,
  voidBillSchema,
} from "@keyholder/contracts/payables";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { createBill } from "./create-bill.ts";
import { listBills } from "./list-bills.ts";
import { readBill } from "./read-bills.ts";
import { voidBill } from "./void-bill.ts";

const tags = ["bills"];

/** Vendors' bills and credits (issue 29 item 4, decision 043). */
const billRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/bills",
    {
      schema: {
        tags,
        summary:
          "Bills and vendor credits: `status=unpaid` oldest due first (500), else all newest first (200); of a vendor when named; with what is owed in all",
        querystring: billsQuerySchema,
        response: { 200: billsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => listBills(tx, orgId, request.query));
    },
  );

  app.get(
    "/bills/:id",
    {
      schema: {
        tags,
        summary: "A bill or credit with its lines",
        params: billIdParamsSchema,
        response: { 200: billSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const bill = await request.withOrg((tx) => readBill(tx, orgId, request.params.id));
      if (!bill) throw notFound(payableMessages.billNotFound);
      return bill;
    },
  );

  app.post(
    "/bills",
    {
      schema: {
        tags,
        summary:
          "Enter a vendor's bill or credit, posted at once (D its lines' accounts, C accounts payable per property; a credit the other way), once per request key (201, or 200 with the bill entered)",
        body: createBillSchema,
        response: { 200: billSchema, 201: billSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { bill, created } = await request.withOrg((tx) => createBill(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(bill);
    },
  );

  app.post(
    "/bills/:id/void",
    {
      schema: {
        tags,
        summary:
          "Void a bill or credit entered wrongly: its entry reversed (201; 200 when voided before; 409 while payments hold it)",
        params: billIdParamsSchema,
        body: voidBillSchema,
        response: { 200: billSchema, 201: billSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { bill, voided } = await request.withOrg((tx) =>
        voidBill(tx, actor, request.params.id, request.body, new Date()),
      );
      return reply.status(voided ? 201 : 200).send(bill);
    },
  );
};

export default billRoutes;
