import { randomUUID } from "node:crypto";
import {
  APPLICATION_DRAFT_LINKS_PER_HOUR,
  applicationDraftSchema,
  applicationDraftSchemaOut,
  applicationMessages,
  applicationReceiptSchema,
  applicationReference,
  draftSavedSchema,
  resumeTokenParamsSchema,
  submitApplicationSchema,
} from "@keyholder/contracts/applications";
import { publicPropertySlugParamsSchema } from "@keyholder/contracts/public-properties";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { notFound } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { newToken } from "../../lib/tokens.ts";
import { administratorNotices, applicantConfirmation, draftLinkMail } from "./application-mails.ts";
import { findDraft } from "./find-draft.ts";
import { findListedProperty, type ListedProperty } from "./find-listed-property.ts";
import { draftExpiry, keepDraft, startDraft } from "./save-draft.ts";
import { isRetry, submitApplication } from "./submit-application.ts";

const tags = ["applications"];
const HOUR = 60 * 60_000;

/**
 * The apply page's calls (no session: the organization is the listed property's). Submissions are
 * idempotent by the form's key, limited per address and per applicant email; resume links are
 * limited per address asking and per address mailed; a filled honeypot field is answered as a
 * person would be (same limits, same shape of answer) and dropped.
 */
const publicApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const perIp = createRateLimiter(app.db, { bucket: "applications-ip", max: 10, windowMs: HOUR });
  const perEmail = createRateLimiter(app.db, { bucket: "applications-email", max: 5, windowMs: HOUR });
  const draftsPerIp = createRateLimiter(app.db, { bucket: "application-drafts-ip", max: 30, windowMs: HOUR });
  // A form takes any address: without this, thirty clients could each mail someone thirty links.
  const draftLinksPerEmail = createRateLimiter(app.db, {
    bucket: "application-draft-links-email",
    max: APPLICATION_DRAFT_LINKS_PER_HOUR,
    windowMs: HOUR,
  });

  const listed = async (slug: string) => {
    const property = await app.asSystem((tx) => findListedProperty(tx, slug));
    if (!property) throw notFound(applicationMessages.propertyNotFound);
    return property;
  };

  app.post(
    "/public/properties/by-slug/:slug/applications",
    {
      schema: {
        tags,
        summary: "Apply to a listed property (idempotent by idempotency_key); emails a receipt",
        params: publicPropertySlugParamsSchema,
        body: submitApplicationSchema,
        response: { 200: applicationReceiptSchema, 201: applicationReceiptSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const property = await listed(request.params.slug);
      const countAttempt = async () => {
        refuseOver(reply, await perIp.allow(request.ip), applicationMessages.tooManyApplications);
        refuseOver(reply, await perEmail.allow(body.email), applicationMessages.tooManyApplications);
      };
      if (body.website) {
        // A bot filled the field people never see: it gets what a person would, and nothing is kept.
        await countAttempt();
        return reply.status(201).send({
          reference: applicationReference(randomUUID()),
          property_name: property.name,
          email: body.email,
          submitted_at: new Date().toISOString(),
        });
      }
      // A retry of an application already made is answered, not counted against the limits.
      if (!(await app.asSystem((tx) => isRetry(tx, property, body)))) await countAttempt();
      const submitted = await app.asSystem(async (tx) => {
        const result = await submitApplication(tx, request.params.slug, body);
        const notices = result.created
          ? await administratorNotices(tx, result.property, result.applicant, result.receipt.reference, baseUrl)
          : [];
        return { ...result, notices };
      });
      if (submitted.created) {
        await app.mailer.send(
          applicantConfirmation(submitted.applicant, submitted.property, submitted.receipt.reference),
        );
        for (const notice of submitted.notices) await app.mailer.send(notice);
      }
      return reply.status(submitted.created ? 201 : 200).send(submitted.receipt);
    },
  );

  /** A new resume link for `email`, counted against its hourly allowance and mailed (a bot's is neither kept nor sent). */
  const startDraftAndMail = async (
    reply: FastifyReply,
    property: ListedProperty,
    body: z.output<typeof applicationDraftSchema>,
  ) => {
    refuseOver(reply, await draftLinksPerEmail.allow(body.email), applicationMessages.tooManyDraftLinks);
    if (body.website) return { resume_token: newToken().token, expires_at: draftExpiry() };
    const saved = await app.asSystem((tx) => startDraft(tx, property, body));
    await app.mailer.send(draftLinkMail(body.email, property, baseUrl, saved.token));
    return { resume_token: saved.token, expires_at: saved.expiresAt };
  };

  app.post(
    "/public/properties/by-slug/:slug/application-drafts",
    {
      schema: {
        tags,
        summary: "Save an unfinished application; emails the applicant a link to resume it",
        params: publicPropertySlugParamsSchema,
        body: applicationDraftSchema,
        response: { 201: draftSavedSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await draftsPerIp.allow(request.ip), applicationMessages.tooManyApplications);
      const property = await listed(request.params.slug);
      return reply.status(201).send(await startDraftAndMail(reply, property, request.body));
    },
  );

  app.put(
    "/public/properties/by-slug/:slug/application-drafts/:token",
    {
      schema: {
        tags,
        summary: "Update a saved application (a new draft and link when this one has ended)",
        params: publicPropertySlugParamsSchema.extend(resumeTokenParamsSchema.shape),
        body: applicationDraftSchema,
        response: { 200: draftSavedSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await draftsPerIp.allow(request.ip), applicationMessages.tooManyApplications);
      const property = await listed(request.params.slug);
      if (!request.body.website) {
        const kept = await app.asSystem((tx) => keepDraft(tx, property, request.body, request.params.token));
        if (kept) return { resume_token: kept.token, expires_at: kept.expiresAt };
      }
      return startDraftAndMail(reply, property, request.body);
    },
  );

  app.get(
    "/public/application-drafts/:token",
    {
      schema: {
        tags,
        summary: "A saved application, by the link emailed to the applicant",
        params: resumeTokenParamsSchema,
        response: { 200: applicationDraftSchemaOut },
      },
    },
    async (request, reply) => {
      const draft = await app.asSystem((tx) => findDraft(tx, request.params.token));
      reply.header("cache-control", "private, no-store");
      return draft;
    },
  );
};

export default publicApplicationRoutes;
