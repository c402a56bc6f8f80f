import {
  nearestZipQuerySchema,
  nearestZipSchema,
  publicAreaListSchema,
  publicPropertiesQuerySchema,
  publicPropertyDetailsSchema,
  publicPropertyIdParamsSchema,
  publicPropertyImageListSchema,
  publicPropertyImageParamsSchema,
  publicPropertyListSchema,
  publicPropertyMessages,
  publicPropertySlugParamsSchema,
} from "@keyholder/contracts/public-properties";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/http-error.ts";
import { refuseInvalid } from "../../lib/validation-fields.ts";
import { getPropertyBySlug } from "./get-property-by-slug.ts";
import { listAreas } from "./list-areas.ts";
import { listPropertyImages } from "./list-property-images.ts";
import { nearestZipcode } from "./nearest-zipcode.ts";
import { findPublicPropertyImage } from "./read-property-image.ts";
import { searchNearZip } from "./search-near-zip.ts";

const tags = ["public"];
/** Public answers may sit in shared caches briefly; hiding a property shows within a minute. */
const SHORT_PUBLIC_CACHE = "public, max-age=60";

/** The public side: no session needed; every read runs across organizations and selects public fields only. */
const publicPropertyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/public/properties",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Properties shown online near a ZIP code: filtered by bedrooms, rent and kind, sorted and paged",
        querystring: publicPropertiesQuerySchema,
        response: { 200: publicPropertyListSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const list = await app.asSystem((tx) => searchNearZip(tx, request.query));
      reply.header("cache-control", SHORT_PUBLIC_CACHE);
      return list;
    },
  );

  app.get(
    "/public/areas",
    {
      schema: {
        tags,
        summary: "ZIP codes with the most listed homes, for visitors who do not know where to look",
        response: { 200: publicAreaListSchema },
      },
    },
    async (_request, reply) => {
      const areas = await app.asSystem((tx) => listAreas(tx));
      reply.header("cache-control", SHORT_PUBLIC_CACHE);
      return { areas };
    },
  );

  app.get(
    "/public/zipcodes/nearest",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "The known ZIP code nearest the coordinates (our own reverse geocoding)",
        querystring: nearestZipQuerySchema,
        response: { 200: nearestZipSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const zip = nearestZipcode(request.query.lat, request.query.lon);
      // The visitor's position is in the URL: keep it out of shared caches.
      reply.header("cache-control", "private, max-age=3600");
      return zip;
    },
  );

  app.get(
    "/public/properties/by-slug/:slug",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "A property shown online, by its public page address",
        params: publicPropertySlugParamsSchema,
        response: { 200: publicPropertyDetailsSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const property = await app.asSystem((tx) => getPropertyBySlug(tx, request.params.slug));
      if (!property) throw notFound(publicPropertyMessages.propertyNotFound);
      reply.header("cache-control", SHORT_PUBLIC_CACHE);
      return property;
    },
  );

  app.get(
    "/public/properties/:id/images",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "A property's images by display order (only for properties shown online)",
        params: publicPropertyIdParamsSchema,
        response: { 200: publicPropertyImageListSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const list = await app.asSystem((tx) => listPropertyImages(tx, request.params.id));
      if (!list) throw notFound(publicPropertyMessages.propertyNotFound);
      reply.header("cache-control", SHORT_PUBLIC_CACHE);
      return list;
    },
  );

  app.get(
    "/public/properties/:id/images/:imageId",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "The bytes (WebP) of an image of a property shown online",
        params: publicPropertyImageParamsSchema,
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const { id, imageId } = request.params;
      const image = await app.asSystem((tx) => findPublicPropertyImage(tx, id, imageId));
      if (!image) throw notFound(publicPropertyMessages.imageNotFound);
      // The bytes behind an image id never change (a new upload is a new id), but the listing may
      // end: caches keep them briefly and revalidate, and a revalidation checks the listing again.
      const etag = `"image-${imageId}"`;
      reply.header("cache-control", SHORT_PUBLIC_CACHE).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const bytes = await app.storage.get(image.storageKey);
      if (!bytes) throw notFound(publicPropertyMessages.imageNotFound);
      return reply.header("content-security-policy", "default-src 'none'").type(image.contentType).send(bytes);
    },
  );
};

export default publicPropertyRoutes;
