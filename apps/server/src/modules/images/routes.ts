import {
  imageIdParamsSchema,
  imageMessages,
  organizationLogoSchema,
  profilePictureSchema,
  userIdParamsSchema,
} from "@keyholder/contracts/images";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { images, organizationLogos, profilePictures } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../lib/http-error.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { readImageUpload } from "./read-upload.ts";
import { imageRef as ref, storeImage } from "./store-image.ts";

const ADMIN_ROLES = new Set(["ADMIN"]);

/**
 * Profile pictures, organization logos and the image bytes. Every lookup runs in the signed-in
 * organization's context, so another organization's images do not exist for the caller, nor, for
 * a user who works on some properties, other properties' photos (migration 0027).
 */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAuth);
  const uploadsPerUser = createRateLimiter(app.db, { bucket: "image-uploads", max: 30, windowMs: 10 * 60_000 });

  app.get(
    "/images/:id",
    { schema: { tags: ["images"], summary: "An image's bytes (WebP)", params: imageIdParamsSchema } },
    async (request, reply) => {
      const [image] = await request.withOrg((tx) =>
        tx.select().from(images).where(eq(images.publicId, request.params.id)).limit(1),
      );
      const bytes = image ? await app.storage.get(image.storageKey) : null;
      if (!image || !bytes) throw notFound("Image not found");
      // A new upload gets a new id, so the bytes behind an id never change.
      return reply
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-security-policy", "default-src 'none'")
        .type(image.contentType)
        .send(bytes);
    },
  );

  app.get(
    "/users/:userId/profile-pictures/default",
    {
      schema: {
        tags: ["images"],
        summary: "A user's current profile picture",
        params: userIdParamsSchema,
        response: { 200: profilePictureSchema },
      },
    },
    async (request) => {
      const [row] = await request.withOrg((tx) =>
        tx
          .select({ image: images, isDefault: profilePictures.isDefault })
          .from(profilePictures)
          .innerJoin(
            images,
            and(eq(images.organizationId, profilePictures.organizationId), eq(images.id, profilePictures.imageId)),
          )
          .where(and(eq(profilePictures.userId, request.params.userId), eq(profilePictures.isDefault, true)))
          .orderBy(desc(images.id))
          .limit(1),
      );
      if (!row) throw notFound(imageMessages.noPicture);
      return { ...ref(row.image), user_id: request.params.userId, is_default: row.isDefault };
    },
  );

  app.post(
    "/users/:userId/profile-pictures",
    {
      schema: {
        tags: ["images"],
        summary: "Upload a profile picture (multipart: picture, is_default); only for yourself",
        params: userIdParamsSchema,
        response: { 201: profilePictureSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth || auth.userId !== request.params.userId) throw forbidden(imageMessages.notYours);
      const { image: normalized, fields } = await readImageUpload(app, request, {
        fileField: "picture",
        kind: "profile",
        perUser: uploadsPerUser,
      });
      const isDefault = fields.is_default !== "false";
      const image = await request.withOrg(async (tx) => {
        const stored = await storeImage(tx, app.storage, {
          orgId: auth.orgId,
          userId: auth.userId,
          kind: "profile",
          image: normalized,
        });
        if (isDefault) {
          await tx.update(profilePictures).set({ isDefault: false }).where(eq(profilePictures.userId, auth.userId));
        }
        await tx.insert(profilePictures).values({
          organizationId: auth.orgId,
          userId: auth.userId,
          imageId: stored.id,
          isDefault,
          createdBy: auth.userId,
          lastModifiedBy: auth.userId,
        });
        return stored;
      });
      return reply.status(201).send({ ...ref(image), user_id: auth.userId, is_default: isDefault });
    },
  );

  app.get(
    "/organization-logos/default",
    {
      schema: {
        tags: ["images"],
        summary: "The signed-in organization's logo",
        response: { 200: organizationLogoSchema },
      },
    },
    async (request) => {
      const [row] = await request.withOrg((tx) =>
        tx
          .select({ image: images })
          .from(organizationLogos)
          .innerJoin(
            images,
            and(eq(images.organizationId, organizationLogos.organizationId), eq(images.id, organizationLogos.imageId)),
          )
          .where(eq(organizationLogos.isDefault, true))
          .orderBy(desc(images.id))
          .limit(1),
      );
      if (!row) throw notFound(imageMessages.noLogo);
      return { ...ref(row.image), is_default: true };
    },
  );

  app.post(
    "/organization-logos",
    {
      schema: {
        tags: ["images"],
        summary: "Upload the organization's logo (multipart: logo); administrators only",
        response: { 201: organizationLogoSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth || !ADMIN_ROLES.has(auth.roleName)) throw forbidden(imageMessages.adminsOnly);
      const { image: normalized } = await readImageUpload(app, request, {
        fileField: "logo",
        kind: "logo",
        perUser: uploadsPerUser,
      });
      const image = await request.withOrg(async (tx) => {
        const stored = await storeImage(tx, app.storage, {
          orgId: auth.orgId,
          userId: auth.userId,
          kind: "logo",
          image: normalized,
        });
        await tx.update(organizationLogos).set({ isDefault: false });
        await tx.insert(organizationLogos).values({
          organizationId: auth.orgId,
          imageId: stored.id,
          isDefault: true,
          createdBy: auth.userId,
          lastModifiedBy: auth.userId,
        });
        return stored;
      });
      return reply.status(201).send({ ...ref(image), is_default: true });
    },
  );
};

export default imageRoutes;
