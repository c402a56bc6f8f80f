import { readFileSync } from "node:fs";
import swagger from "@fastify/swagger";
import { CSRF_HEADER } from "@keyholder/contracts/http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "./auth.ts";

// The document's version follows the server package, so a release bump shows up in the reference.
const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** Collects every route's zod schema into one OpenAPI document (served by modules/docs). */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Keyholder API",
          version,
          description: `Property management API. Sign in with POST /api/v1/auth/login; the session travels in the ${SESSION_COOKIE} cookie. Every POST, PUT, PATCH and DELETE must send the header \`${CSRF_HEADER}: 1\`. Errors answer {error: {code, message, fields?}}.`,
        },
        components: {
          securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: "openapi" },
);
