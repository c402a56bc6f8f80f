import { bankAccountIdParamsSchema } from "@keyholder/contracts/bank-accounts";
import {
  STATEMENT_MAX_BYTES,
  statementImportSchema,
  statementImportsSchema,
  statementLinesSchema,
  statementMessages,
  statementPreviewSchema,
} from "@keyholder/contracts/bank-statements";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { readMultipartFile } from "../../lib/read-multipart-file.ts";
import { safeFileName } from "../../lib/safe-file-name.ts";
import { importStatement } from "./import-statement.ts";
import { previewStatement } from "./preview-statement.ts";
import { readStatementFile } from "./read-statement-file.ts";
import { readStatementImports } from "./read-statement-imports.ts";
import { readStatementLines } from "./read-statement-lines.ts";
import { statementAccount } from "./statement-account.ts";
import { StatementFileError } from "./statement-file-error.ts";
import { statementImportHandler } from "./statement-import-job.ts";

const tags = ["bank statements"];

/** A file's problem as the 400 of its field; anything else as it is. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StatementFileError) throw badRequest(err.message, { [err.field]: [err.message] });
    throw err;
  }
}

/** The uploaded statement, read as CSV or OFX by its content, after its account is found. */
async function readUpload(request: FastifyRequest, accountId: string) {
  const { orgId } = actorOf(request.auth);
  // The account is checked before the upload is read, so a wrong id costs nothing.
  await request.withOrg((tx) => statementAccount(tx, orgId, accountId));
  const upload = await readMultipartFile(request, STATEMENT_MAX_BYTES, {
    required: statementMessages.fileRequired,
    tooLarge: statementMessages.tooLarge,
    incomplete: statementMessages.incomplete,
  });
  const file = await answering(async () => readStatementFile(upload.bytes));
  return { file, upload: { ...upload, name: safeFileName(upload.name, "statement") } };
}

/** Bank statements imported into a bank account and their lines (issue 29 item 3, decision 041). */
const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(statementImportHandler(app.storage));
  app.post(
    "/bank-accounts/:id/statement-previews",
    {
      schema: {
        tags,
        summary:
          "What a statement file holds, nothing kept (multipart: `file` a CSV, OFX or QFX up to 10 MB; for a CSV, optionally the mapping's fields): a CSV's columns, first rows and the mapping that reads it (sent, kept for the account, or guessed), the lines read, their dates and money in and out",
        params: bankAccountIdParamsSchema,
        response: { 200: statementPreviewSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const { file, upload } = await readUpload(request, request.params.id);
      return answering(() => request.withOrg((tx) => previewStatement(tx, orgId, request.params.id, file, upload)));
    },
  );

  app.post(
    "/bank-accounts/:id/statement-imports",
    {
      schema: {
        tags,
        summary:
          "Import a statement (multipart: `file` a CSV, OFX or QFX up to 10 MB; a CSV's mapping fields `date_column`, `description_column`, `amount_column` or `debit_column`/`credit_column`, `reference_column`, `date_order`, needed once per account and kept). Each bank line is kept once: importing a file again adds nothing. New lines are matched to the account's reconciliation in progress where one clear partner exists. A file of more than 2,000 lines is checked at once and kept in the background: 202 with the import `importing`, its progress in GET .../statement-imports",
        params: bankAccountIdParamsSchema,
        response: { 201: statementImportSchema, 202: statementImportSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { file, upload } = await readUpload(request, request.params.id);
      const deps = { storage: app.storage, enqueue: app.jobs.enqueue, inlineLines: app.env.STATEMENT_INLINE_LINES };
      const { result, queued } = await answering(() =>
        request.withOrg((tx) => importStatement(tx, actor, request.params.id, file, upload, deps)),
      );
      if (queued) app.jobs.wake();
      return reply.status(queued ? 202 : 201).send(result);
    },
  );

  app.get(
    "/bank-accounts/:id/statement-imports",
    {
      schema: {
        tags,
        summary: "A bank account's statement imports, newest first (the latest 50)",
        params: bankAccountIdParamsSchema,
        response: { 200: statementImportsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await statementAccount(tx, orgId, request.params.id);
        return { imports: await readStatementImports(tx, orgId, request.params.id) };
      });
    },
  );

  app.get(
    "/bank-accounts/:id/statement-lines",
    {
      schema: {
        tags,
        summary: "A bank account's statement lines, newest first (500), money in positive and out negative, in cents",
        params: bankAccountIdParamsSchema,
        response: { 200: statementLinesSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await statementAccount(tx, orgId, request.params.id);
        return readStatementLines(tx, orgId, request.params.id);
      });
    },
  );
};

export default bankStatementRoutes;
