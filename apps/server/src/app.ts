import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { errorCodes } from "@keyholder/contracts/errors";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./lib/mail/mailer.ts";
import mailPlugin from "./lib/mail/plugin.ts";
import { contractValidatorCompiler } from "./lib/validator-compiler.ts";
import accountRoutes from "./modules/account/routes.ts";
import authRoutes from "./modules/auth/routes.ts";
import buildingRoutes from "./modules/buildings/routes.ts";
import clientErrorRoutes from "./modules/client-errors/routes.ts";
import docsRoutes from "./modules/docs/routes.ts";
import floorPlanRoutes from "./modules/floor-plans/routes.ts";
import getStartedRoutes from "./modules/get-started/routes.ts";
import healthRoutes from "./modules/health/routes.ts";
import imageRoutes from "./modules/images/routes.ts";
import operatorRoutes from "./modules/operator/routes.ts";
import passwordResetRoutes from "./modules/password-reset/routes.ts";
import propertyRoutes from "./modules/properties/routes.ts";
import propertyTypeRoutes from "./modules/property-types/routes.ts";
import publicPropertyRoutes from "./modules/public-properties/routes.ts";
import authPlugin from "./plugins/auth.ts";
import backgroundPlugin from "./plugins/background.ts";
import csrfPlugin from "./plugins/csrf.ts";
import dbPlugin from "./plugins/db.ts";
import errorsPlugin from "./plugins/errors.ts";
import imagesPlugin from "./plugins/images.ts";
import openapiPlugin from "./plugins/openapi.ts";
import orgContextPlugin from "./plugins/org-context.ts";
import securityPlugin from "./plugins/security.ts";
import storagePlugin from "./plugins/storage.ts";

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Built web app to serve; defaults to apps/web/dist. */
  webDist?: string;
  /** Replaces the SMTP/outbox mailer (tests). */
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** Where the app's own JSON log goes (tests read it); default stdout. */
  logStream?: NodeJS.WritableStream;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** Request logs never carry credentials. */
export const logRedactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
];

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app (plugins: external -> app -> routes); server.ts only listens. */
export async function buildApp(options: AppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: logRedactPaths, censor: "[redacted]" },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // A hop count as proxy-addr reads it: the first n addresses, counted from the app, are proxies.
    trustProxy: typeof env.TRUST_PROXY === "number" ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("env", env);

  // external
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(securityPlugin);
  await app.register(openapiPlugin);

  // app
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(backgroundPlugin);
  await app.register(storagePlugin);
  await app.register(imagesPlugin);
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(orgContextPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // routes
  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(docsRoutes, { prefix: "/api" });
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(propertyTypeRoutes);
      await api.register(propertyRoutes);
      await api.register(publicPropertyRoutes);
      await api.register(clientErrorRoutes);
      await api.register(imageRoutes);
      await api.register(accountRoutes);
      await api.register(buildingRoutes);
      await api.register(floorPlanRoutes);
      await api.register(getStartedRoutes);
      await api.register(passwordResetRoutes);
      await api.register(operatorRoutes);
    },
    { prefix: "/api/v1" },
  );

  const webDist = options.webDist ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    if (url.startsWith("/api") || request.method !== "GET" || !hasWeb) {
      return reply
        .status(404)
        .send({ error: { code: errorCodes.notFound, message: `No route ${request.method} ${url}` } });
    }
    // Client-side routes (and the app's own not-found page) are rendered by the web app.
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
