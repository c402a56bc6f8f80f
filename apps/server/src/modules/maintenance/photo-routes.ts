import { maintenanceIdParamsSchema } from "@keyholder/contracts/maintenance";
import {
  maintenancePhotoBytesQuerySchema,
  maintenancePhotoListSchema,
  maintenancePhotoMessages,
  maintenancePhotoParamsSchema,
  maintenancePhotoSchema,
  maintenancePhotoSharingSchema,
} from "@keyholder/contracts/maintenance-photos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { addPhoto, checkRoom } from "./add-photo.ts";
import { listPhotos, readPhoto } from "./list-photos.ts";
import { requireRequest } from "./request-author.ts";
import { mediaOf, readRequestUpload } from "./request-media.ts";
import { sharePhoto } from "./share-photo.ts";

const tags = ["maintenance"];
const flag = (v: string | undefined) => (v === "true" ? true : v === "false" ? false : undefined);

/**
 * A request's photos and short videos (decision 034, "Comments and photos"). Images go through the
 * image worker (checked by their bytes, re-encoded to WebP, bounded, a thumbnail made); videos are
 * checked by their bytes and kept as sent. The bytes are served here, through the session and the
 * request's scope: none has a public address.
 */
const maintenancePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadsPerUser = createRateLimiter(app.db, {
    bucket: "maintenance-file-uploads",
    max: 60,
    windowMs: 10 * 60_000,
  });

  app.get(
    "/maintenance-requests/:id/photos",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A request's photos and videos, oldest first, with whom each is shared",
        params: maintenanceIdParamsSchema,
        response: { 200: maintenancePhotoListSchema },
      },
    },
    async (request) => ({ photos: await request.withOrg((tx) => listPhotos(tx, request.params.id, "staff")) }),
  );

  app.post(
    "/maintenance-requests/:id/photos",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a photo (JPEG, PNG, GIF or WebP, up to 15 MB, re-encoded) or a short video (MP4, WebM or QuickTime, up to 50 MB): multipart field `file`, optional `visible_to_vendor` and `visible_to_resident` (true|false)",
        params: maintenanceIdParamsSchema,
        response: { 201: maintenancePhotoSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      // The request and its room are checked before the upload is read, so a wrong id costs nothing.
      await request.withOrg(async (tx) => {
        await requireRequest(tx, request.params.id);
        await checkRoom(tx, request.params.id);
      });
      const allowed = await uploadsPerUser.allow(`${actor.orgId} ${actor.userId}`);
      if (!allowed.allowed) {
        throw new HttpError(
          429,
          "RATE_LIMITED",
          "You have uploaded many files in a short time. Please wait a few minutes and try again.",
          undefined,
          undefined,
          { "retry-after": String(allowed.retryAfterSeconds) },
        );
      }
      const { file, video, fields } = await readRequestUpload(request);
      const media = await mediaOf(app.imageJobs, file, video);
      const photo = await request.withOrg((tx) =>
        addPhoto(tx, app.storage, { kind: "staff", ...actor }, request.params.id, media, {
          visible_to_vendor: flag(fields.visible_to_vendor),
          visible_to_resident: flag(fields.visible_to_resident),
        }),
      );
      return reply.status(201).send(photo);
    },
  );

  app.patch(
    "/maintenance-requests/:id/photos/:fileId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Share a photo with the vendor or the resident, or stop sharing it",
        params: maintenancePhotoParamsSchema,
        body: maintenancePhotoSharingSchema,
        response: { 200: maintenancePhotoSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => sharePhoto(tx, actor, request.params.id, request.params.fileId, request.body));
    },
  );

  app.get(
    "/maintenance-requests/:id/photos/:fileId",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A photo's or video's bytes (`size=thumb`: an image's thumbnail); a video answers byte ranges",
        params: maintenancePhotoParamsSchema,
        querystring: maintenancePhotoBytesQuerySchema,
      },
    },
    async (request, reply) => {
      const photo = await request.withOrg(async (tx) => {
        await requireRequest(tx, request.params.id);
        return readPhoto(tx, request.params.id, request.params.fileId, "staff");
      });
      if (!photo) throw notFound(maintenancePhotoMessages.notFound);
      const thumb = request.query.size === "thumb" && photo.thumbnail_key !== null;
      const bytes = await app.storage.get(thumb ? (photo.thumbnail_key as string) : photo.storage_key);
      if (!bytes) throw notFound(maintenancePhotoMessages.notFound);
      reply
        // A file's bytes never change (a new upload is a new id), and they are this user's to keep.
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-security-policy", "default-src 'none'")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .header("accept-ranges", "bytes")
        .type(thumb ? "image/webp" : photo.content_type);
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
      if (range && (range[1] || range[2])) {
        const size = bytes.length;
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size || start > end) {
          return reply.status(416).header("content-range", `bytes */${size}`).send();
        }
        return reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${size}`)
          .send(bytes.subarray(start, end + 1));
      }
      return reply.send(bytes);
    },
  );
};

export default maintenancePhotoRoutes;
