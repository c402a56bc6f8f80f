import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  organizationSecuritySchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorStatus } from "./account-two-factor.ts";
import { sealStoredSecrets } from "./stored-secret.ts";

const tags = ["two-factor"];

/** One's own two-factor sign-in (Settings), and the organization's rule for administrators (decision 020). */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onReady", () => sealStoredSecrets(app.db, app.secretBox));
  const attempts = createRateLimiter(app.db, { bucket: "two-factor-settings", max: 20, windowMs: 15 * 60_000 });
  const limited = async (
    request: { auth: { userId: number; orgId: string } | null },
    reply: Parameters<typeof refuseOver>[0],
  ) =>
    refuseOver(
      reply,
      await attempts.allow(`${request.auth?.orgId} ${request.auth?.userId}`),
      "Too many tries. Please wait a few minutes.",
    );

  app.get(
    "/account/two-factor",
    { schema: { tags, summary: "Whether your two-factor sign-in is on", response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => twoFactorStatus(tx, actor));
    },
  );

  app.post(
    "/account/two-factor/setup",
    {
      schema: {
        tags,
        summary: "Start turning on two-factor sign-in: a secret for your authenticator app, with its QR code",
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => setUpTwoFactor(tx, actor, app.secretBox));
    },
  );

  app.post(
    "/account/two-factor/enable",
    {
      schema: {
        tags,
        summary:
          "Turn two-factor sign-in on with your password and a code of the app; answers ten recovery codes, once",
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      await limited(request, reply);
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => enableTwoFactor(tx, actor, request.body, app.secretBox));
    },
  );

  app.post(
    "/account/two-factor/disable",
    {
      schema: {
        tags,
        summary: "Turn two-factor sign-in off with your password (unless your organization requires it)",
        body: disableTwoFactorSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await limited(request, reply);
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => disableTwoFactor(tx, actor, request.body));
      return { ok: true as const };
    },
  );

  app.get(
    "/organization/security",
    {
      schema: {
        tags,
        summary: "Whether the organization requires two-factor sign-in of administrators",
        response: { 200: organizationSecuritySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const { rows } = (await request.withOrg((tx) =>
        tx.execute(sql`select require_two_factor_admins from organizations where id = ${orgId}`),
      )) as unknown as { rows: { require_two_factor_admins: boolean }[] };
      return { require_two_factor_admins: Boolean(rows[0]?.require_two_factor_admins) };
    },
  );

  app.put(
    "/organization/security",
    {
      schema: {
        tags,
        summary:
          "Require two-factor sign-in of administrators: those without it are asked to set it up before they work",
        body: organizationSecuritySchema,
        response: { 200: organizationSecuritySchema },
      },
    },
    async (request) => {
      const { orgId, userId } = actorOf(request.auth);
      await request.withOrg((tx) =>
        tx.execute(sql`update organizations set require_two_factor_admins = ${request.body.require_two_factor_admins},
          last_modified_by = ${userId}, last_modified_date = now() where id = ${orgId}`),
      );
      return request.body;
    },
  );
};

export default twoFactorRoutes;
