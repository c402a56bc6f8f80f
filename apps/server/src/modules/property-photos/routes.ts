import { propertyMessages } from "@keyholder/contracts/properties";
import {
  propertyPhotoListSchema,
  propertyPhotoMessages,
  propertyPhotoOrderSchema,
  propertyPhotoParamsSchema,
  propertyPhotoSchema,
} from "@keyholder/contracts/property-photos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { readImageUpload } from "../images/read-upload.ts";
import { addPhoto } from "./add-photo.ts";
import { deletePhoto } from "./delete-photo.ts";
import { listPhotos } from "./list-photos.ts";
import { orderPhotos } from "./order-photos.ts";

const tags = ["properties"];
const propertyParams = z.object({ id: z.uuid("Not a property id") });

/**
 * A property's photo gallery in the workspace (issue 12, item 3): the same content checks and WebP
 * re-encoding as profile pictures, in the order the public page and search results show them.
 */
const propertyPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  // A gallery is added a dozen photos at a time: a larger allowance than pictures and logos.
  const uploadsPerUser = createRateLimiter(app.db, {
    bucket: "property-photo-uploads",
    max: 60,
    windowMs: 10 * 60_000,
  });

  app.get(
    "/properties/:id/photos",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A property's photos, cover first, in the order the public page shows them",
        params: propertyParams,
        response: { 200: propertyPhotoListSchema },
      },
    },
    async (request) => {
      const photos = await request.withOrg((tx) => listPhotos(tx, request.params.id));
      if (!photos) throw notFound(propertyMessages.notFound);
      return { photos };
    },
  );

  app.post(
    "/properties/:id/photos",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a photo at the end of the gallery (multipart field `photo`; JPEG, PNG, GIF, SVG or WebP, up to 5 MB)",
        params: propertyParams,
        response: { 201: propertyPhotoSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      // The property is checked before the image work, so a wrong id costs nothing.
      const exists = await request.withOrg((tx) => listPhotos(tx, request.params.id));
      if (!exists) throw notFound(propertyMessages.notFound);
      const { image } = await readImageUpload(app, request, {
        fileField: "photo",
        kind: "property",
        perUser: uploadsPerUser,
      });
      const photo = await request.withOrg((tx) => addPhoto(tx, app.storage, actor, request.params.id, image));
      return reply.status(201).send(photo);
    },
  );

  app.put(
    "/properties/:id/photos/order",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Put the gallery in this order (every photo once, the cover first)",
        params: propertyParams,
        body: propertyPhotoOrderSchema,
        response: { 200: propertyPhotoListSchema },
      },
    },
    async (request) => {
      const photos = await request.withOrg((tx) => orderPhotos(tx, request.params.id, request.body.image_ids));
      if (!photos) throw notFound(propertyMessages.notFound);
      return { photos };
    },
  );

  app.delete(
    "/properties/:id/photos/:imageId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Remove a photo from the gallery",
        params: propertyPhotoParamsSchema,
        response: { 204: z.null().describe("Removed") },
      },
    },
    async (request, reply) => {
      const key = await request.withOrg((tx) => deletePhoto(tx, request.params.id, request.params.imageId));
      if (!key) throw notFound(propertyPhotoMessages.notFound);
      await app.storage.delete(key).catch((err: unknown) => request.log.warn({ err }, "photo bytes left in storage"));
      return reply.status(204).send(null);
    },
  );
};

export default propertyPhotoRoutes;
