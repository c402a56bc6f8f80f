import {
  RELATED_ITEM_LIST_KEYS,
  RELATED_ITEM_LISTS,
  type RelatedItemScope,
  relatedItemsCountPath,
  relatedItemsCountQuerySchema,
  relatedItemsCountSchema,
  relatedItemsPageSchema,
  relatedItemsPath,
  relatedItemsQuerySchema,
  type ScopedRelatedItemList,
} from "@keyholder/contracts/related-items";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../lib/route-guards.ts";
import { countRelatedItems } from "./count-related-items.ts";
import { listRelatedItems } from "./list-related-items.ts";

const scopeWords: Record<RelatedItemScope, string> = { property: "a property", building: "a building" };

/**
 * The related-item lists (spec records 3.11, 7): for every whitelisted (entity, scope) pair a page
 * route and a count route, and a page route for each organization-wide list. Paths come from the
 * contracts' whitelist, never from the request. The session is checked first (onRequest), so a
 * signed-out client is told to sign in whatever its query holds.
 */
const relatedItemRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const list of RELATED_ITEM_LIST_KEYS) {
    const { entity, scope } = RELATED_ITEM_LISTS[list];
    const tags = [entity];
    const plural = entity.replace("-", " ");
    app.get(
      relatedItemsPath(list),
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: scope
            ? `Ids and names of the ${plural} of ${scopeWords[scope]}, a page at a time, by name; for its dropdowns and tabs`
            : `Ids and names of your organization's ${plural}, a page at a time, by name; for the dropdowns that choose one`,
          querystring: relatedItemsQuerySchema(list),
          response: { 200: relatedItemsPageSchema(list) },
        },
      },
      async (request) => request.withOrg((tx) => listRelatedItems(tx, list, request.query)),
    );
    if (!scope) continue;
    const scoped = list as ScopedRelatedItemList;
    app.get(
      relatedItemsCountPath(scoped),
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: `How many ${plural} ${scopeWords[scope]} has`,
          querystring: relatedItemsCountQuerySchema(scoped),
          response: { 200: relatedItemsCountSchema },
        },
      },
      async (request) => request.withOrg((tx) => countRelatedItems(tx, scoped, request.query.scopeId)),
    );
  }
};

export default relatedItemRoutes;
