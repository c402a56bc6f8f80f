import { existsSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { errorCodes } from "@keyholder/contracts/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { loadServerRenderer } from "./server-render.ts";

export interface WebAppOptions {
  /** The browser build (apps/web/dist). */
  webDist: string;
  /** The web app's server entry (apps/web/dist-server/entry-server.js); without it pages render in the browser only. */
  ssrEntry: string;
}

/**
 * The built web app on the API's port: hashed assets cached for good, every other address the app's
 * page. A signed-out visitor gets the page drawn on the server (server-render.ts); a signed-in one
 * gets index.html, since the session the browser keeps decides what they see.
 */
async function webAppRoutes(app: FastifyInstance, options: WebAppOptions) {
  const hasWeb = existsSync(path.join(options.webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      // "/" is a page like any other, rendered below.
      index: false,
      // The build writes .br and .gz copies of its text assets (apps/web/vite-plugins/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; index.html must always be revalidated.
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  const render = hasWeb ? await loadServerRenderer(app, options.webDist, options.ssrEntry) : null;

  /** A rendered page, compressed as the browser accepts (the static files come precompressed). */
  function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
    reply.type("text/html; charset=utf-8").header("vary", "accept-encoding");
    const accepts = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepts)) {
      const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header("content-encoding", "br").send(body);
    }
    if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(gzipSync(html));
    return reply.send(html);
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    reply.header("cache-control", "no-cache");
    if (render && !request.cookies[app.sessionCookieName]) {
      try {
        const rendered = await render(request);
        if (rendered) return sendHtml(request, reply.status(rendered.status), rendered.html);
      } catch (err) {
        request.log.error({ err }, "server render failed; the browser renders the page");
      }
    }
    return reply.sendFile("index.html");
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    if (url.startsWith("/api") || request.method !== "GET" || !hasWeb) {
      return reply
        .status(404)
        .send({ error: { code: errorCodes.notFound, message: `No route ${request.method} ${url}` } });
    }
    return page(request, reply);
  });
}

// Not encapsulated: the not-found handler it sets is the whole app's.
export default fp(webAppRoutes, { name: "web-app", dependencies: ["auth"] });
