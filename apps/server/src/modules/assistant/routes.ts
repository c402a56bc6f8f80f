import { aiQuerySchema, aiResponseSchema, assistantMessages } from "@keyholder/contracts/assistant";
import { can } from "@keyholder/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { refuseInvalid } from "../../lib/validation-fields.ts";
import { builtInAnswer } from "./built-in-engine.ts";
import { orgNames } from "./org-names.ts";
import { publicAnswer } from "./public-engine.ts";

/** A prompt as the log may keep it: no email addresses, phone numbers or other digits. */
const loggable = (prompt: string) =>
  prompt
    .replace(/\S+@\S+/g, "<email>")
    .replace(/\d/g, "#")
    .slice(0, 300);

/**
 * POST /api/v1/ai/query (spec accounts 7; issue 15): the assistant. A signed-in user's question is
 * answered from their organization's records inside their isolated transaction; anyone else's from
 * the public listings only. It only reads.
 */
const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = app.env.AI_QUERIES_PER_MINUTE;
  const perUser = createRateLimiter(app.db, { bucket: "assistant-user", max, windowMs: 60_000 });
  const perIp = createRateLimiter(app.db, { bucket: "assistant-ip", max: max * 2, windowMs: 60_000 });

  app.post(
    "/ai/query",
    {
      attachValidation: true,
      schema: {
        tags: ["assistant"],
        summary: "Ask the assistant: an answer from the caller's own records (or the public listings), maybe an action",
        body: aiQuerySchema,
        response: { 200: aiResponseSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      refuseOver(reply, await perIp.allow(request.ip), assistantMessages.rateLimited);
      const { prompt, context } = request.body;
      const auth = request.auth;
      const member = auth && !auth.awaitingApproval && !auth.twoFactorSetupRequired ? auth : null;
      if (member) refuseOver(reply, await perUser.allow(String(member.userId)), assistantMessages.rateLimited);
      const started = Date.now();
      // On a public page (it sends its context) the answer comes from public data, whoever asks.
      const onPublicPage = context !== undefined;
      const { answer, understood } =
        member && !onPublicPage
          ? await request.withOrg(async (tx) => {
              const names = await orgNames(tx, `${member.orgId}:${member.propertyIds?.join(",") ?? "all"}`);
              return builtInAnswer(tx, prompt, names, (permission) => can(member.roleName, permission));
            })
          : await app.asSystem((tx) =>
              publicAnswer(tx, prompt, { zipcode: context?.zipcode, propertySlug: context?.property_slug }),
            );
      const log = { engine: "built-in", understood, ms: Date.now() - started, signedIn: member !== null };
      if (understood) request.log.info(log, "assistant answered");
      else request.log.info({ ...log, prompt: loggable(prompt) }, "assistant did not understand a question");
      return { ...answer, engine: "built-in" as const };
    },
  );
};

export default assistantRoutes;
