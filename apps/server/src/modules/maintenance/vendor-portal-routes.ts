import { maintenancePhotoBytesQuerySchema, maintenancePhotoMessages } from "@keyholder/contracts/maintenance-photos";
import {
  vendorCompleteSchema,
  vendorDeclineSchema,
  vendorPhotoParamsSchema,
  vendorPortalMessages,
  vendorPortalViewSchema,
  vendorTokenParamsSchema,
  vendorUpdateSchema,
} from "@keyholder/contracts/vendor-portal";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Tx, withOrg } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { hashToken } from "../../lib/tokens.ts";
import { addComment } from "./add-comment.ts";
import { addPhoto, checkRoom } from "./add-photo.ts";
import { readPhoto } from "./list-photos.ts";
import { linkOf, managersOf } from "./request-mails.ts";
import { mediaOf, readRequestUpload } from "./request-media.ts";
import { readRequest } from "./request-row.ts";
import { type VendorProgress, vendorDeclinedMails, vendorProgressMails } from "./vendor-links.ts";
import {
  acceptWork,
  completeWork,
  declineWork,
  openLink,
  organizationOfToken,
  requireWritable,
  type VendorLink,
  vendorAuthor,
  vendorView,
} from "./vendor-portal.ts";

const tags = ["vendor-portal"];
const MINUTES = 60_000;

/**
 * A vendor's link (decision 034, "Vendors on requests and their link"): no session, the token is
 * the credential. Its organization is found by the token's hash as the system; everything else runs
 * in that organization's transaction, as any request of it. Limited per address and per token.
 */
const vendorPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = createRateLimiter(app.db, { bucket: "vendor-portal-ip", max: 300, windowMs: 10 * MINUTES });
  const perToken = createRateLimiter(app.db, { bucket: "vendor-portal-token", max: 120, windowMs: 10 * MINUTES });
  const uploadsPerToken = createRateLimiter(app.db, {
    bucket: "vendor-portal-uploads",
    max: 30,
    windowMs: 60 * MINUTES,
  });

  /** Counts the call, finds the link's organization and runs `fn` with the link locked. */
  const withLink = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    fn: (tx: Tx, link: VendorLink) => Promise<T>,
  ): Promise<T> => {
    refuseOver(reply, await perIp.allow(request.ip), vendorPortalMessages.tooMany);
    // Counted by the token's hash: the token itself is never written anywhere.
    refuseOver(reply, await perToken.allow(hashToken(token)), vendorPortalMessages.tooMany);
    reply.header("cache-control", "private, no-store").header("referrer-policy", "no-referrer");
    const orgId = await app.asSystem((tx) => organizationOfToken(tx, token));
    return withOrg(app.db, { orgId }, async (tx) => fn(tx, await openLink(tx, token)));
  };
  /** The property's managers hear that the vendor accepted or finished (sent after the commit). */
  const progressMails = async (tx: Tx, link: VendorLink, progress: VendorProgress, note: string | null) => {
    const saved = await readRequest(tx, link.requestId);
    if (!saved) return [];
    const to = await managersOf(tx, saved.property_id, 0);
    return vendorProgressMails(saved, link.vendorName, progress, note, to, linkOf(saved, publicUrl(app.env)));
  };
  const viewOf = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    withLink(request, reply, token, (tx, link) => vendorView(tx, token, link));

  app.get(
    "/vendor-portal/:token",
    {
      schema: {
        tags,
        summary:
          "What a vendor's link shows: the request's details, the comments and photos shared with the vendor, the link's state",
        params: vendorTokenParamsSchema,
        response: { 200: vendorPortalViewSchema },
      },
    },
    async (request, reply) => viewOf(request, reply, request.params.token),
  );

  app.post(
    "/vendor-portal/:token/accept",
    {
      schema: {
        tags,
        summary: "The vendor accepts the work",
        params: vendorTokenParamsSchema,
        response: { 200: vendorPortalViewSchema },
      },
    },
    async (request, reply) => {
      const mails = await withLink(request, reply, request.params.token, async (tx, link) => {
        await acceptWork(tx, link);
        return progressMails(tx, link, "accepted", null);
      });
      for (const mail of mails) await app.mailer.send(mail);
      return viewOf(request, reply, request.params.token);
    },
  );

  app.post(
    "/vendor-portal/:token/decline",
    {
      schema: {
        tags,
        summary:
          "The vendor declines, saying why: the request returns to Triaged, the managers are told, the link closes",
        params: vendorTokenParamsSchema,
        body: vendorDeclineSchema,
        response: { 200: z.object({ declined: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const baseUrl = publicUrl(app.env);
      const mails = await withLink(request, reply, request.params.token, async (tx, link) => {
        await declineWork(tx, link, request.body);
        const saved = await readRequest(tx, link.requestId);
        if (!saved) return [];
        const to = await managersOf(tx, saved.property_id, 0);
        return vendorDeclinedMails(saved, link.vendorName, request.body.reason, to, linkOf(saved, baseUrl));
      });
      for (const mail of mails) await app.mailer.send(mail);
      return { declined: true as const, message: vendorPortalMessages.declinedNow };
    },
  );

  app.post(
    "/vendor-portal/:token/comments",
    {
      schema: {
        tags,
        summary: "The vendor posts an update: a comment shared with the vendor, by the vendor",
        params: vendorTokenParamsSchema,
        body: vendorUpdateSchema,
        response: { 201: vendorPortalViewSchema },
      },
    },
    async (request, reply) => {
      await withLink(request, reply, request.params.token, async (tx, link) => {
        requireWritable(link);
        await addComment(tx, vendorAuthor(link), link.requestId, { body: request.body.body, visibility: "vendor" });
      });
      return reply.status(201).send(await viewOf(request, reply, request.params.token));
    },
  );

  app.post(
    "/vendor-portal/:token/photos",
    {
      schema: {
        tags,
        summary:
          "The vendor adds a photo or short video (multipart field `file`), shared with the staff and the vendor",
        params: vendorTokenParamsSchema,
        response: { 201: vendorPortalViewSchema },
      },
    },
    async (request, reply) => {
      const token = request.params.token;
      // The link and the request's room are checked before the upload is read.
      await withLink(request, reply, token, async (tx, link) => {
        requireWritable(link);
        await checkRoom(tx, link.requestId);
      });
      refuseOver(reply, await uploadsPerToken.allow(hashToken(token)), vendorPortalMessages.tooMany);
      const { file, video } = await readRequestUpload(request);
      const media = await mediaOf(app.imageJobs, file, video);
      await withLink(request, reply, token, async (tx, link) => {
        requireWritable(link);
        await addPhoto(tx, app.storage, vendorAuthor(link), link.requestId, media, {
          visible_to_vendor: true,
          visible_to_resident: false,
        });
      });
      return reply.status(201).send(await viewOf(request, reply, token));
    },
  );

  app.get(
    "/vendor-portal/:token/photos/:fileId",
    {
      schema: {
        tags,
        summary: "The bytes of a photo shared with the vendor (`size=thumb`: an image's thumbnail)",
        params: vendorPhotoParamsSchema,
        querystring: maintenancePhotoBytesQuerySchema,
      },
    },
    async (request, reply) => {
      const photo = await withLink(request, reply, request.params.token, (tx, link) =>
        readPhoto(tx, link.requestId, request.params.fileId, "vendor"),
      );
      if (!photo) throw notFound(maintenancePhotoMessages.notFound);
      const thumb = request.query.size === "thumb" && photo.thumbnail_key !== null;
      const bytes = await app.storage.get(thumb ? (photo.thumbnail_key as string) : photo.storage_key);
      if (!bytes) throw notFound(maintenancePhotoMessages.notFound);
      return reply
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "default-src 'none'")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .type(thumb ? "image/webp" : photo.content_type)
        .send(bytes);
    },
  );

  app.post(
    "/vendor-portal/:token/complete",
    {
      schema: {
        tags,
        summary:
          "The vendor marks the work done: the request is Completed (through In Progress) and the link reads only",
        params: vendorTokenParamsSchema,
        body: vendorCompleteSchema,
        response: { 200: vendorPortalViewSchema },
      },
    },
    async (request, reply) => {
      const mails = await withLink(request, reply, request.params.token, async (tx, link) => {
        await completeWork(tx, link, request.body);
        return progressMails(tx, link, "completed", request.body.note);
      });
      for (const mail of mails) await app.mailer.send(mail);
      return viewOf(request, reply, request.params.token);
    },
  );
};

export default vendorPortalRoutes;
