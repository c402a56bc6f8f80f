import type { FastifyPluginAsync } from "fastify";
import { renderReference } from "./render-reference.ts";

/** The OpenAPI document and a readable reference, both generated from the route schemas. */
const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  let html: string | undefined;
  app.get("/docs", { schema: { hide: true } }, async (_request, reply) => {
    html ??= renderReference(app.swagger() as unknown as Parameters<typeof renderReference>[0]);
    return reply.type("text/html; charset=utf-8").send(html);
  });
};

export default docsRoutes;
