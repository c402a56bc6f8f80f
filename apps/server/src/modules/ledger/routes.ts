import { historySchema } from "@keyholder/contracts/history";
import {
  accountIdParamsSchema,
  createAccountSchema,
  entriesPageSchema,
  entriesQuerySchema,
  entryIdParamsSchema,
  journalEntrySchema,
  ledgerAccountSchema,
  ledgerAccountsSchema,
  ledgerMessages,
  postEntrySchema,
  reverseEntrySchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
  updateAccountSchema,
} from "@keyholder/contracts/ledger";
import { ledgerLinesPageSchema, ledgerLinesQuerySchema } from "@keyholder/contracts/ledger-lines";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ledgerAccounts } from "../../db/schema/index.ts";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { recordHistory } from "../history/record-history.ts";
import { createAccount } from "./create-account.ts";
import { deleteAccount } from "./delete-account.ts";
import { listAccounts, readAccount } from "./list-accounts.ts";
import { listEntries } from "./list-entries.ts";
import { listLines } from "./list-lines.ts";
import { postEntry } from "./post-entry.ts";
import { readEntry } from "./read-entries.ts";
import { reverseEntry } from "./reverse-entry.ts";
import { trialBalance } from "./trial-balance.ts";
import { trialBalanceDocument } from "./trial-balance-document.ts";
import { updateAccount } from "./update-account.ts";

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
    "/ledger/accounts/:id",
    {
      schema: {
        tags,
        summary: "One account of the chart, with its balance in cents",
        params: accountIdParamsSchema,
        response: { 200: ledgerAccountSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readAccount(tx, orgId, request.params.id));
    },
  );

  app.post(
    "/ledger/accounts",
    {
      schema: {
        tags,
        summary:
          "Add an account to the chart (code, name, type); a code already in use is refused (409). Administrators; recorded in its history",
        body: createAccountSchema,
        response: { 201: ledgerAccountSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      return reply.status(201).send(await request.withOrg((tx) => createAccount(tx, actor, request.body)));
    },
  );

  app.patch(
    "/ledger/accounts/:id",
    {
      schema: {
        tags,
        summary:
          "Rename, renumber, retire (is_active: false) or bring back an account; its type only while nothing posts to it. System accounts are never retired. Administrators; recorded in its history",
        params: accountIdParamsSchema,
        body: updateAccountSchema,
        response: { 200: ledgerAccountSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => updateAccount(tx, actor, request.params.id, request.body));
    },
  );

  app.delete(
    "/ledger/accounts/:id",
    {
      schema: {
        tags,
        summary:
          "Delete an account that nothing ever posted to and no recurring charge names (else 409: retire it). Never a system account. Administrators",
        params: accountIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteAccount(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/ledger/accounts/:id/history",
    {
      schema: {
        tags,
        summary: "Who added, renamed, renumbered, retired or deleted an account, when, newest first",
        params: accountIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) =>
        recordHistory(
          tx,
          { orgId, entity: "ledger_account", entityId: request.params.id },
          { table: ledgerAccounts, id: ledgerAccounts.id, notFound: ledgerMessages.accountNotFound },
        ),
      );
    },
  );

  registerReportRoute(app, {
    paths: ["/ledger/trial-balance", "/reports/trial-balance"],
    tags: ["ledger", "reports"],
    summary:
      "Every account's balance at the end of a day (as_of, today when left out), debits and credits side by side, read from the maintained balances; `format=csv|xlsx|pdf` to download",
    query: trialBalanceQuerySchema,
    result: trialBalanceSchema,
    read: async (tx, orgId, q) => trialBalance(tx, orgId, (await reportDayAndProperty(tx, orgId, q)).asOf),
    document: trialBalanceDocument,
  });

  app.get(
    "/journal-entries",
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

  registerListRoute(
    app,
    "/ledger/lines",
    {
      tags,
      summary:
        "Accounting > Transactions: every journal line with its entry's date, number and kind, its account, property, unit, lease and tenant, debit or credit in cents; sorted and filtered by any of them, a page at a time",
      querystring: ledgerLinesQuerySchema,
      list: ledgerLinesPageSchema,
      key: "lines",
    },
    (request) => request.withOrg((tx) => listLines(tx, request.query)),
  );

  app.get(
    "/journal-entries/:id",
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
    "/journal-entries",
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
    "/journal-entries/:id/reverse",
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
