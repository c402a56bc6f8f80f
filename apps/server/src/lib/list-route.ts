import { constants, type ZlibOptions } from "node:zlib";
import { listMessages, rowsPageSchema } from "@keyholder/contracts/list-query";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "./http-error.ts";

/** The query every list takes besides its own: the page's shape and, for rows, the fields wanted. */
interface ShapeQuery {
  shape: "objects" | "rows";
  fields?: string[] | undefined;
}

/**
 * How a list page is compressed, when the client accepts it (decision 005): zstd, else brotli, else
 * gzip, each at its cheapest level, chosen by measured cost on a 2,000-row units page in the rows
 * shape (697 KB): zstd 1 ms to 74 KB, brotli 1.3 ms to 86 KB, gzip 4.3 ms to 182 KB. Pages up to
 * `syncThreshold` are compressed in one call rather than through a stream.
 */
export const listCompression: RouteShorthandOptions["compress"] = {
  encodings: ["zstd", "br", "gzip"],
  // The plugin hands zstd the zlib options: gzip reads `level`, zstd its `params`.
  zlibOptions: { level: 1, params: { [constants.ZSTD_c_compressionLevel]: 1 } } as ZlibOptions,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  threshold: 2048,
  syncThreshold: 1024 * 1024,
};

type ListSchema<K extends string> = z.ZodObject<{ [P in K]: z.ZodArray<z.ZodObject> } & z.ZodRawShape>;

/**
 * GET {path}: a page of a grid's list (issue 31), in the list's documented objects shape by default,
 * or, asked with `shape=rows`, as {fields, rows}: each row the array of the asked fields' values,
 * written straight to the response. The objects shape goes through the response schema as every
 * answer does; the rows shape skips it (its values are the same row objects' values, which the
 * list's mapper typed), so a 2,000-row page is not validated field by field on its way out.
 */
export function registerListRoute<Q extends z.ZodType<ShapeQuery>, K extends string, L extends ListSchema<K>>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  o: {
    tags: string[];
    summary: string;
    querystring: Q;
    list: L;
    /** The list's member that holds the rows: "units" for {units: [...]}. */
    key: K;
    /** requireAuth, unless the module's routes are guarded another way. */
    preHandler?: preHandlerHookHandler;
  },
  read: (request: FastifyRequest<{ Querystring: z.output<Q> }>) => Promise<z.output<L>>,
) {
  const known = Object.keys(o.list.shape[o.key].element.shape);
  const api = app as unknown as FastifyInstance;
  api.get(
    path,
    {
      ...(o.preHandler ? { preHandler: o.preHandler } : {}),
      compress: listCompression,
      schema: {
        tags: o.tags,
        summary: o.summary,
        querystring: o.querystring,
        response: { 200: z.union([o.list, rowsPageSchema]) },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as z.output<Q>;
      const wanted = query.fields;
      if (query.shape === "rows" && wanted) {
        const unknown = wanted.filter((name) => !known.includes(name));
        if (unknown.length) {
          const message = listMessages.unknownFields(unknown, known);
          throw badRequest(message, { fields: [message] });
        }
      }
      const page = await read(request as FastifyRequest<{ Querystring: z.output<Q> }>);
      if (query.shape !== "rows") return page;
      return reply.type("application/json; charset=utf-8").send(rowsPage(page, o.key, wanted ?? known));
    },
  );
}

/**
 * The page as rows, as JSON text: the other members of the page (offset, count, total) as they are,
 * and the rows' values in the order of `fields`, an absent value as null.
 */
function rowsPage(page: Record<string, unknown>, key: string, fields: readonly string[]) {
  const objects = page[key] as Record<string, unknown>[];
  const rows = new Array<unknown[]>(objects.length);
  for (let i = 0; i < objects.length; i++) {
    const object = objects[i] as Record<string, unknown>;
    const row = new Array<unknown>(fields.length);
    for (let j = 0; j < fields.length; j++) row[j] = object[fields[j] as string] ?? null;
    rows[i] = row;
  }
  const { [key]: _, ...rest } = page;
  return JSON.stringify({ fields, rows, ...rest });
}
