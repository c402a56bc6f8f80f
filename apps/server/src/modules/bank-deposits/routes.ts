import {
  bankDepositIdParamsSchema,
  bankDepositSchema,
  bankDepositsSchema,
  createBankDepositSchema,
  createBankTransferSchema,
  undepositedReceiptsSchema,
  voidBankDepositSchema,
} from "@keyholder/contracts/bank-accounts";
import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { createDeposit } from "./create-deposit.ts";
import { createTransfer } from "./create-transfer.ts";
import { listUndeposited } from "./list-undeposited.ts";
import { readDeposits } from "./read-deposits.ts";
import { voidDeposit } from "./void-deposit.ts";

const tags = ["bank deposits"];

/**
 * Money into and between bank accounts (issue 29 item 2, decision 038): deposits of receipts out of
 * Undeposited Funds, and transfers.
 */
const bankDepositRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/undeposited-receipts",
    {
      schema: {
        tags,
        summary:
          "Tenants' payments waiting in Undeposited Funds, oldest first (500 listed), with how many and how much in all",
        response: { 200: undepositedReceiptsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => listUndeposited(tx, orgId));
    },
  );

  app.get(
    "/bank-deposits",
    { schema: { tags, summary: "The latest 50 bank deposits, newest first", response: { 200: bankDepositsSchema } } },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { deposits: await request.withOrg((tx) => readDeposits(tx, orgId, sql`true`)) };
    },
  );

  app.post(
    "/bank-deposits",
    {
      schema: {
        tags,
        summary:
          "Deposit receipts into a bank account: one entry (D its cash, C undeposited funds, per property), posted once per request key (201, or 200 with the deposit already made)",
        body: createBankDepositSchema,
        response: { 200: bankDepositSchema, 201: bankDepositSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { deposit, created } = await request.withOrg((tx) => createDeposit(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(deposit);
    },
  );

  app.post(
    "/bank-deposits/:id/void",
    {
      schema: {
        tags,
        summary:
          "Void a deposit recorded wrongly: its entry reversed (on `voided_on`, else its own day, or today when that month is closed) and its receipts back in Undeposited Funds (201; 200 with the deposit when it was voided before)",
        params: bankDepositIdParamsSchema,
        body: voidBankDepositSchema,
        response: { 200: bankDepositSchema, 201: bankDepositSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { deposit, voided } = await request.withOrg((tx) =>
        voidDeposit(tx, actor, request.params.id, request.body, new Date()),
      );
      return reply.status(voided ? 201 : 200).send(deposit);
    },
  );

  app.post(
    "/bank-transfers",
    {
      schema: {
        tags,
        summary:
          "Move money between two bank accounts: one entry (D the receiving account's cash, C the sending one's), of a property when given, posted once per request key (201, or 200 with the entry already posted)",
        body: createBankTransferSchema,
        response: { 200: journalEntrySchema, 201: journalEntrySchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { entry, created } = await request.withOrg((tx) => createTransfer(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(entry);
    },
  );
};

export default bankDepositRoutes;
