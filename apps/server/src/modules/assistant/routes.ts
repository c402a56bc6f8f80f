import { aiQuerySchema, aiResponseSchema, assistantMessages } from "@keyholder/contracts/assistant";
import { can as can_, type Permission } from "@keyholder/contracts/permissions";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { refuseInvalid } from "../../lib/validation-fields.ts";
import { builtInAnswer } from "./built-in-engine.ts";
import { externalAnswer, type ModelTools } from "./external-engine.ts";
import { loggable } from "./mask.ts";
import { orgNames } from "./org-names.ts";
import { publicAnswer } from "./public-engine.ts";
import { publicToolDefinitions, runPublicTool } from "./public-tools.ts";
import { runTool, toolDefinitions } from "./tools.ts";

/** Which engine answered, how fast; a question not understood is kept (masked) so the vocabulary can grow. */
function logAnswer(
  request: FastifyRequest,
  log: { engine: "built-in"; understood: boolean; ms: number; signedIn: boolean },
  prompt: string,
) {
  if (log.understood) request.log.info(log, "assistant answered");
  else request.log.info({ ...log, prompt: loggable(prompt) }, "assistant did not understand a question");
}

/**
 * POST /api/v1/ai/query (spec accounts 7; issue 15): the assistant. A signed-in user's question is
 * answered from their organization's records inside their isolated transaction; anyone else's from
 * the public listings only. It only reads.
 */
const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = app.env.AI_QUERIES_PER_MINUTE;
  const perUser = createRateLimiter(app.db, { bucket: "assistant-user", max, windowMs: 60_000 });
  const perIp = createRateLimiter(app.db, { bucket: "assistant-ip", max: max * 2, windowMs: 60_000 });
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_SECONDS } = app.env;
  const model = AI_BASE_URL && AI_MODEL ? { baseUrl: AI_BASE_URL, apiKey: AI_API_KEY, model: AI_MODEL } : null;

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
      const onPublicPage = !member || context !== undefined;
      const publicContext = { zipcode: context?.zipcode, propertySlug: context?.property_slug };
      const can = (permission: Permission) => member !== null && can_(member.roleName, permission);
      const namesKey = member ? `${member.orgId}:${member.propertyIds?.join(",") ?? "all"}` : "";
      const builtIn = onPublicPage
        ? await app.asSystem((tx) => publicAnswer(tx, prompt, publicContext))
        : await request.withOrg(async (tx) => builtInAnswer(tx, prompt, await orgNames(tx, namesKey), can));
      const signedIn = member !== null;
      if (builtIn.understood || !model) {
        logAnswer(
          request,
          { engine: "built-in", understood: builtIn.understood, ms: Date.now() - started, signedIn },
          prompt,
        );
        return { ...builtIn.answer, engine: "built-in" as const };
      }
      // A question our parser could not read goes to the model; each tool it calls is one short
      // transaction (the caller's isolated one, or the public reads), so no connection waits on it.
      const tools: ModelTools = onPublicPage
        ? {
            definitions: publicToolDefinitions(publicContext),
            run: (name, args) => app.asSystem((tx) => runPublicTool(tx, publicContext, name, args)),
          }
        : {
            definitions: toolDefinitions,
            run: (name, args) =>
              request.withOrg(async (tx) => runTool(tx, await orgNames(tx, namesKey), can, name, args)),
          };
      try {
        const { answer, toolSteps } = await externalAnswer(
          model,
          prompt,
          onPublicPage ? "visitor" : "member",
          tools,
          AI_TIMEOUT_SECONDS * 1000,
        );
        request.log.info(
          { engine: "external", model: model.model, toolSteps, ms: Date.now() - started, signedIn },
          "assistant answered",
        );
        return { ...answer, engine: "external" as const, model: model.model };
      } catch (error) {
        request.log.warn(
          {
            engine: "built-in",
            failed: "external",
            model: model.model,
            reason: error instanceof Error ? error.message : String(error),
            ms: Date.now() - started,
            prompt: loggable(prompt),
          },
          "assistant's model failed; the built-in engine answered",
        );
        return { ...builtIn.answer, engine: "built-in" as const };
      }
    },
  );
};

export default assistantRoutes;
