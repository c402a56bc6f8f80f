import { historySchema } from "@keyholder/contracts/history";
import {
  propertyDeleteQuerySchema,
  propertyDependantsSchema,
  propertyFormSchema,
  propertyIdParamsSchema,
  propertyListQuerySchema,
  propertyListSchema,
  propertyMessages,
  propertyResponseSchema,
  propertyWithAddressResponseSchema,
} from "@keyholder/contracts/properties";
import { propertyListingSchema } from "@keyholder/contracts/property-listing";
import {
  propertyOverviewMessages,
  propertyOverviewParamsSchema,
  propertyOverviewSchema,
} from "@keyholder/contracts/property-overview";
import { propertySearchQuerySchema, propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { createProperty } from "./create-property.ts";
import { deleteProperty } from "./delete-property.ts";
import { getPropertyListing } from "./get-listing.ts";
import { getPropertyOverview } from "./get-overview.ts";
import { getProperty } from "./get-property.ts";
import { listProperties } from "./list-properties.ts";
import { propertyDependants } from "./property-dependants.ts";
import { propertyHistory } from "./property-history.ts";
import { searchProperties } from "./search.ts";
import { updateProperty } from "./update-property.ts";

const tags = ["properties"];

/*
 * Writes check the session in onRequest, before the body is validated, so a signed-out client is
 * told to sign in rather than what is wrong with its payload. Static paths (/properties/details,
 * /properties/search, /properties/with-address) win over /properties/:id whatever the order.
 */
const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/properties/details",
    {
      tags,
      summary: "A page of properties with type, manager, address and unit totals, sorted and filtered over all rows",
      querystring: propertyListQuerySchema,
      list: propertyListSchema,
      key: "properties",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listProperties(tx, request.query)),
  );

  app.post(
    "/properties/with-address",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a property with its address (coordinates from the ZIP code when none are given)",
        body: propertyFormSchema,
        response: { 201: propertyWithAddressResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const property = await request.withOrg((tx) => createProperty(tx, actor, request.body));
      if (!property.address) throw new Error("a created property has its address");
      return reply.status(201).send({ address: property.address, property });
    },
  );

  app.get(
    "/properties/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One property with its type, manager, address and opening hours",
        params: propertyIdParamsSchema,
        response: { 200: propertyResponseSchema },
      },
    },
    async (request) => {
      const property = await request.withOrg((tx) => getProperty(tx, request.params.id));
      if (!property) throw notFound(propertyMessages.notFound);
      return property;
    },
  );

  app.put(
    "/properties/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a property and its address; the changed fields are recorded in its history",
        params: propertyIdParamsSchema,
        body: propertyFormSchema,
        response: { 200: propertyResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => updateProperty(tx, actor, request.params.id, request.body));
    },
  );

  app.get(
    "/properties/:id/listing",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The property's public listing: listed or not, its units and photos, and what stops it being listed",
        params: propertyIdParamsSchema,
        response: { 200: propertyListingSchema },
      },
    },
    async (request) => {
      const listing = await request.withOrg((tx) => getPropertyListing(tx, request.params.id));
      if (!listing) throw notFound(propertyMessages.notFound);
      return listing;
    },
  );

  app.get(
    "/properties/:id/dependants",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "What deleting the property would take with it: its buildings, units, floor plans and zones",
        params: propertyIdParamsSchema,
        response: { 200: propertyDependantsSchema },
      },
    },
    async (request) => {
      const dependants = await request.withOrg((tx) => propertyDependants(tx, request.params.id));
      if (!dependants) throw notFound(propertyMessages.notFound);
      return dependants;
    },
  );

  app.delete(
    "/properties/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Delete a property; one with buildings, units, floor plans or zones only with ?cascade=true (else 409 naming them), all in one transaction",
        params: propertyIdParamsSchema,
        querystring: propertyDeleteQuerySchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteProperty(tx, actor, request.params.id, request.query.cascade));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/properties/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a property, when and what, newest first (kept after the property is deleted)",
        params: propertyIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => propertyHistory(tx, orgId, request.params.id));
    },
  );

  app.get(
    "/properties/search",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Properties of the signed-in organization whose name or address contains the query",
        querystring: propertySearchQuerySchema,
        response: { 200: propertySearchResponseSchema },
      },
    },
    async (request) => ({ properties: await request.withOrg((tx) => searchProperties(tx, request.query.query)) }),
  );

  app.get(
    "/properties/:id/overview",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["properties"],
        summary: "The property at a glance: address, lot, parking, type, units, floor plans, year built",
        params: propertyOverviewParamsSchema,
        response: { 200: propertyOverviewSchema },
      },
    },
    async (request) => {
      const overview = await request.withOrg((tx) => getPropertyOverview(tx, request.params.id));
      if (!overview) throw notFound(propertyOverviewMessages.notFound);
      return overview;
    },
  );
};

export default propertyRoutes;
