import {
  bankAccountIdParamsSchema,
  bankAccountMessages,
  bankAccountPropertiesSchema,
  bankAccountSchema,
  bankAccountsSchema,
  createBankAccountSchema,
  setBankAccountPropertiesSchema,
  updateBankAccountSchema,
} from "@keyholder/contracts/bank-accounts";
import { historySchema } from "@keyholder/contracts/history";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bankAccounts } from "../../db/schema/index.ts";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { recordHistory } from "../history/record-history.ts";
import { readAccountProperties, setAccountProperties } from "./account-properties.ts";
import { createBankAccount } from "./create-bank-account.ts";
import { readBankAccounts } from "./read-bank-accounts.ts";
import { updateBankAccount } from "./update-bank-account.ts";

const tags = ["bank accounts"];

/** The organization's bank accounts (issue 29 item 2, decision 038). */
const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/bank-accounts",
    {
      schema: {
        tags,
        summary:
          "The bank accounts, active first, by name: each with its cash account in the ledger and its balance in cents",
        response: { 200: bankAccountsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { bank_accounts: await request.withOrg((tx) => readBankAccounts(tx, orgId)) };
    },
  );

  app.get(
    "/bank-accounts/:id",
    {
      schema: {
        tags,
        summary: "One bank account",
        params: bankAccountIdParamsSchema,
        response: { 200: bankAccountSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const [account] = await request.withOrg((tx) => readBankAccounts(tx, orgId, sql`b.id = ${request.params.id}`));
      if (!account) throw notFound(bankAccountMessages.notFound);
      return account;
    },
  );

  app.post(
    "/bank-accounts",
    {
      schema: {
        tags,
        summary:
          "Add a bank account: operating, trust or security-deposit escrow, the bank side of a cash account (the one named, else the kind's system account while free, else a new one). Administrators",
        body: createBankAccountSchema,
        response: { 201: bankAccountSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      return reply.status(201).send(await request.withOrg((tx) => createBankAccount(tx, actor, request.body)));
    },
  );

  app.patch(
    "/bank-accounts/:id",
    {
      schema: {
        tags,
        summary: "Rename a bank account, change its bank details, or retire it (is_active: false). Administrators",
        params: bankAccountIdParamsSchema,
        body: updateBankAccountSchema,
        response: { 200: bankAccountSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => updateBankAccount(tx, actor, request.params.id, request.body));
    },
  );

  app.get(
    "/bank-accounts/:id/history",
    {
      schema: {
        tags,
        summary: "Who added and changed a bank account, when, newest first",
        params: bankAccountIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) =>
        recordHistory(
          tx,
          { orgId, entity: "bank_account", entityId: request.params.id },
          { table: bankAccounts, id: bankAccounts.id, notFound: bankAccountMessages.notFound },
        ),
      );
    },
  );

  app.get(
    "/bank-accounts/:id/properties",
    {
      schema: {
        tags,
        summary: "The properties whose money of the account's kind (trust, escrow, operating) it keeps",
        params: bankAccountIdParamsSchema,
        response: { 200: bankAccountPropertiesSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readAccountProperties(tx, orgId, request.params.id));
    },
  );

  app.put(
    "/bank-accounts/:id/properties",
    {
      schema: {
        tags,
        summary:
          "Set the properties whose money of the account's kind it keeps: one taken from another account of the kind moves here",
        params: bankAccountIdParamsSchema,
        body: setBankAccountPropertiesSchema,
        response: { 200: bankAccountPropertiesSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await setAccountProperties(tx, orgId, request.params.id, request.body.property_ids);
        return readAccountProperties(tx, orgId, request.params.id);
      });
    },
  );
};

export default bankAccountRoutes;
