import {
  entriesPageSchema,
  entriesQuerySchema,
  entryIdParamsSchema,
  journalEntrySchema,
  ledgerAccountsSchema,
  ledgerMessages,
  postEntrySchema,
  reverseEntrySchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from "@keyholder/contracts/ledger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { listAccounts } from "./list-accounts.ts";
import { listEntries } from "./list-entries.ts";
import { postEntry } from "./post-entry.ts";
import { readEntry } from "./read-entries.ts";
import { reverseEntry } from "./reverse-entry.ts";
import { trialBalance } from "./trial-balance.ts";

const tags = ["ledger"];

/** The organization's books (issue 27, decision 027). */
const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ledger/accounts",
    {
      schema: {
        tags,
        summary: "The chart of accounts by code, with each account's role (the system accounts) and balance in cents",
        response: { 200: ledgerAccountsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => listAccounts(tx, orgId));
    },
  );

  app.get(
    "/ledger/trial-balance",
    {
      schema: {
        tags,
        summary: "Every account's balance at the end of a day (as_of, YYYY-MM-DD), read from the maintained balances",
        querystring: trialBalanceQuerySchema,
        response: { 200: trialBalanceSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => trialBalance(tx, orgId, request.query.as_of));
    },
  );

  app.get(
    "/ledger/entries",
    {
      schema: {
        tags,
        summary:
          "Journal entries with their lines, newest first, a page at a time; by dates, account, property, lease or source",
        querystring: entriesQuerySchema,
        response: { 200: entriesPageSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => listEntries(tx, orgId, request.query));
    },
  );

  app.get(
    "/ledger/entries/:id",
    {
      schema: {
        tags,
        summary: "One journal entry with its lines, the entry it reverses and the one that reversed it",
        params: entryIdParamsSchema,
        response: { 200: journalEntrySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const entry = await request.withOrg((tx) => readEntry(tx, orgId, request.params.id));
      if (!entry) throw notFound(ledgerMessages.entryNotFound);
      return entry;
    },
  );

  app.post(
    "/ledger/entries",
    {
      schema: {
        tags,
        summary:
          "Post a journal entry (debits equal credits, amounts in cents). The request key makes a retry or a second click post once: it answers 200 with the entry already posted",
        body: postEntrySchema,
        response: { 200: journalEntrySchema, 201: journalEntrySchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { entry, created } = await request.withOrg((tx) => postEntry(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.post(
    "/ledger/entries/:id/reverse",
    {
      schema: {
        tags,
        summary:
          "Reverse a posted entry with a new entry of the opposite amounts that references it (posted entries never change); once per entry",
        params: entryIdParamsSchema,
        body: reverseEntrySchema,
        response: { 200: journalEntrySchema, 201: journalEntrySchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { entry, created } = await request.withOrg((tx) =>
        reverseEntry(tx, actor, request.params.id, request.body, app.now()),
      );
      return reply.status(created ? 201 : 200).send(entry);
    },
  );
};

export default ledgerRoutes;
