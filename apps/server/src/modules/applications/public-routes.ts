import { randomUUID } from "node:crypto";
import {
  applicationDraftSchema,
  applicationDraftSchemaOut,
  applicationMessages,
  applicationReceiptSchema,
  draftSavedSchema,
  resumeTokenParamsSchema,
  submitApplicationSchema,
} from "@keyholder/contracts/applications";
import { publicPropertySlugParamsSchema } from "@keyholder/contracts/public-properties";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { administratorNotices, applicantConfirmation, draftLinkMail } from "./application-mails.ts";
import { findDraft } from "./find-draft.ts";
import { saveDraft } from "./save-draft.ts";
import { isKnownSubmission, submitApplication } from "./submit-application.ts";

const tags = ["applications"];
const HOUR = 60 * 60_000;

/**
 * The apply page's calls (no session: the organization is the listed property's). Submissions are
 * idempotent by the form's key, limited per address and per applicant email, and a filled honeypot
 * field is thanked and dropped.
 */
const publicApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const perIp = createRateLimiter(app.db, { bucket: "applications-ip", max: 10, windowMs: HOUR });
  const perEmail = createRateLimiter(app.db, { bucket: "applications-email", max: 5, windowMs: HOUR });
  const draftsPerIp = createRateLimiter(app.db, { bucket: "application-drafts-ip", max: 30, windowMs: HOUR });

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
      if (body.website) {
        // A bot filled the field people never see: it gets what a person would, and nothing is kept.
        return reply.status(201).send({
          reference: randomUUID().slice(0, 8).toUpperCase(),
          property_name: "",
          email: body.email,
          submitted_at: new Date().toISOString(),
        });
      }
      // A retry of an application already made is answered, not counted against the limits.
      if (!(await app.asSystem((tx) => isKnownSubmission(tx, body.idempotency_key)))) {
        refuseOver(reply, await perIp.allow(request.ip), applicationMessages.tooManyApplications);
        refuseOver(reply, await perEmail.allow(body.email), applicationMessages.tooManyApplications);
      }
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
      if (request.body.website)
        return reply.status(201).send({ resume_token: randomUUID(), expires_at: new Date().toISOString() });
      const saved = await app.asSystem((tx) => saveDraft(tx, request.params.slug, request.body));
      await app.mailer.send(draftLinkMail(request.body.email, saved.property, baseUrl, saved.token));
      return reply.status(201).send({ resume_token: saved.token, expires_at: saved.expiresAt });
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
      const { slug, token } = request.params;
      const saved = await app.asSystem((tx) => saveDraft(tx, slug, request.body, token));
      if (saved.isNew) await app.mailer.send(draftLinkMail(request.body.email, saved.property, baseUrl, saved.token));
      return { resume_token: saved.token, expires_at: saved.expiresAt };
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
