import type { HistoryEntry } from "@keyholder/contracts/history";
import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  historySchema,
  recordIdParamsSchema,
  restoreResultSchema,
  restoreSchema,
} from "@keyholder/contracts/history";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import { type Actor, actorOf } from "./audit.ts";
import { notFound } from "./http-error.ts";
import { requireAuth } from "./route-guards.ts";

/** What a record table's API does, one use case each, on the request's transaction. */
export interface RecordUseCases<F, R> {
  create(tx: Tx, actor: Actor, form: F): Promise<R>;
  update(tx: Tx, actor: Actor, id: number, form: F): Promise<R>;
  remove(tx: Tx, actor: Actor, id: number): Promise<void>;
  removeMany(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }>;
  restore(tx: Tx, actor: Actor, ids: number[]): Promise<{ restored: number; ids: number[] }>;
  history(tx: Tx, orgId: string, id: number): Promise<{ history: HistoryEntry[] }>;
}

/**
 * The writes, Undo and history of a record table (POST {path}, PUT and DELETE {path}/{id}, POST
 * {path}/delete and {path}/restore, GET {path}/{id}/history), the same for every table: thin
 * handlers over the contract, the organization from the session. Writes check the session in
 * onRequest, before the body is validated, so a signed-out client is told to sign in rather than
 * what is wrong with its payload. The static paths {path}/delete and {path}/restore win over
 * {path}/:id in the router whatever the registration order.
 */
export function registerRecordRoutes<F extends z.ZodType, R extends z.ZodType, K extends string, W extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: {
    /** "/zones" */
    path: string;
    /** The id's name in the paths when it is not "id" ("unit_id": /units/{unit_id}). */
    idParam?: string;
    tags: string[];
    form: F;
    record: R;
    /** The record's member in answers: "zone" for {zone: {...}}. */
    key: K;
    summaries: { create: string; update: string; remove: string; removeMany: string; restore: string; history: string };
    useCases: RecordUseCases<z.output<F>, z.output<R>>;
    /**
     * GET {path}/{id}: one record as the grid shows it (`row`), for a record opened by id from a
     * related one; `notFound` when the organization has no such record.
     */
    read?: { row: W; summary: string; notFound: string; useCase(tx: Tx, id: number): Promise<z.output<W> | null> };
  },
) {
  const { tags, summaries, useCases } = o;
  const idParam = o.idParam ?? "id";
  const params = z.object({ [idParam]: recordIdParamsSchema.shape.id });
  const idOf = (request: unknown) => (request as { params: Record<string, number> }).params[idParam] as number;
  const response = z.object({ [o.key]: o.record } as Record<K, R>);
  const answer = (record: z.output<R>) => ({ [o.key]: record });
  // The handlers read what the generic schemas leave open through the casts below.
  const api = app as unknown as FastifyInstance;
  const { read } = o;
  if (read) {
    api.get(
      `${o.path}/:${idParam}`,
      {
        preHandler: requireAuth,
        schema: { tags, summary: read.summary, params, response: { 200: read.row as z.ZodType } },
      },
      async (request) => {
        const row = await request.withOrg((tx) => read.useCase(tx, idOf(request)));
        if (!row) throw notFound(read.notFound);
        return row;
      },
    );
  }

  type Body = { body: z.output<F> };
  type Ids = { body: { ids: number[] } };

  api.post(
    o.path,
    { onRequest: requireAuth, schema: { tags, summary: summaries.create, body: o.form, response: { 201: response } } },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { body } = request as unknown as Body;
      const record = await request.withOrg((tx) => useCases.create(tx, actor, body));
      return reply.status(201).send(answer(record));
    },
  );

  api.put(
    `${o.path}/:${idParam}`,
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: summaries.update,
        params,
        body: o.form,
        response: { 200: response },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { body } = request as unknown as Body;
      return answer(await request.withOrg((tx) => useCases.update(tx, actor, idOf(request), body)));
    },
  );

  api.delete(
    `${o.path}/:${idParam}`,
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: summaries.remove,
        params,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => useCases.remove(tx, actor, idOf(request)));
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${o.path}/delete`,
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: summaries.removeMany,
        body: bulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { body } = request as unknown as Ids;
      return request.withOrg((tx) => useCases.removeMany(tx, actor, body.ids));
    },
  );

  api.post(
    `${o.path}/restore`,
    {
      onRequest: requireAuth,
      schema: { tags, summary: summaries.restore, body: restoreSchema, response: { 200: restoreResultSchema } },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { body } = request as unknown as Ids;
      return request.withOrg((tx) => useCases.restore(tx, actor, body.ids));
    },
  );

  api.get(
    `${o.path}/:${idParam}/history`,
    {
      onRequest: requireAuth,
      schema: { tags, summary: summaries.history, params, response: { 200: historySchema } },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => useCases.history(tx, orgId, idOf(request)));
    },
  );
}
