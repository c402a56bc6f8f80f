import type { FastifyRequest } from "fastify";
import type { Env } from "../../env.ts";

/** Where the public reaches the site: PUBLIC_URL when set, else the address this request came to. */
export const siteOrigin = (request: FastifyRequest, env: Pick<Env, "PUBLIC_URL">) =>
  (env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, "");
