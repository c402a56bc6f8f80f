import { errorCodes, errorMessages } from "@keyholder/contracts/errors";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin the browser shows for this app: PUBLIC_URL's, else the request's own. */
function ownOrigin(request: FastifyRequest, publicUrl: string | undefined) {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** See docs/decisions/002: state changes need our header, and a present Origin must be ours. */
export default fp(
  async function csrf(app: FastifyInstance) {
    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
      const origin = request.headers.origin;
      const headerOk = request.headers[CSRF_HEADER] === CSRF_HEADER_VALUE;
      const originOk = origin === undefined || origin === ownOrigin(request, app.env.PUBLIC_URL);
      if (!headerOk || !originOk) throw new HttpError(403, errorCodes.csrf, errorMessages.csrf);
    });
  },
  { name: "csrf" },
);
