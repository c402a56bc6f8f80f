import { errorMessages } from "@keyholder/contracts/errors";
import { historySchema } from "@keyholder/contracts/history";
import {
  inviteCheckSchema,
  inviteQuerySchema,
  requestNewLinkSchema,
  STAFF_PAGE_SIZE,
  staffFormSchema,
  staffIdParamsSchema,
  staffListQuerySchema,
  staffListSchema,
  staffMessages,
  staffRecordSchema,
  staffRowSchema,
} from "@keyholder/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { createRateLimiter, refuseOver } from "../../lib/rate-limit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { approveStaff } from "./approve-staff.ts";
import { createStaff } from "./create-staff.ts";
import { deleteStaff } from "./delete-staff.ts";
import { findInvitation, inviteCheck } from "./find-invitation.ts";
import { invitationMail } from "./invitations.ts";
import { getStaffRow, listStaff } from "./list-staff.ts";
import { newLinkRequested, requestNewLink } from "./request-new-link.ts";
import { resendInvitation } from "./resend-invitation.ts";
import { staffHistory } from "./staff-history.ts";
import { updateStaff } from "./update-staff.ts";

const tags = ["staff"];

/*
 * Users > Staff (spec records 2.7, 3.7, 7) and the invitation as the invitee meets it (spec
 * accounts 2, 7). Writes check the session in onRequest, before the body is validated. The static
 * paths (/staff/details, /staff/invite/...) win over /staff/:id whatever the order.
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const inviteChecksPerIp = createRateLimiter(app.db, { bucket: "invite-checks", max: 60, windowMs: 15 * 60_000 });

  registerListRoute(
    app,
    "/staff/details",
    {
      tags,
      summary: `A page of the organization's staff (at most ${STAFF_PAGE_SIZE}) with their invitation and account, sorted and filtered over all rows`,
      querystring: staffListQuerySchema,
      list: staffListSchema,
      key: "staff",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listStaff(tx, request.query)),
  );

  app.post(
    "/staff",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Invite a staff member: saves them and emails a link to join, valid 7 days",
        body: staffFormSchema,
        response: { 201: staffRecordSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { record, invitation } = await request.withOrg((tx) => createStaff(tx, actor, request.body));
      await app.mailer.send(invitationMail(invitation, baseUrl));
      return reply.status(201).send(record);
    },
  );

  app.get(
    "/staff/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One staff member as the grid shows them",
        params: staffIdParamsSchema,
        response: { 200: staffRowSchema },
      },
    },
    async (request) => {
      const row = await request.withOrg((tx) => getStaffRow(tx, request.params.id));
      if (!row) throw notFound(staffMessages.notFound);
      return row;
    },
  );

  app.put(
    "/staff/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a staff member's details; the changed ones are recorded in their history",
        params: staffIdParamsSchema,
        body: staffFormSchema,
        response: { 200: staffRecordSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => updateStaff(tx, actor, request.params.id, request.body));
    },
  );

  app.delete(
    "/staff/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Remove a staff member: their links stop working and the account they joined with is disabled",
        params: staffIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteStaff(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/staff/:id/resend-invitation",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Email a new invitation link (valid 7 days); the previous link stops working",
        params: staffIdParamsSchema,
        response: { 200: staffRecordSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { record, invitation } = await request.withOrg((tx) => resendInvitation(tx, actor, request.params.id));
      await app.mailer.send(invitationMail(invitation, baseUrl));
      return record;
    },
  );

  app.post(
    "/staff/:id/approve",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Grant a staff member who accepted their invitation access to the workspace",
        params: staffIdParamsSchema,
        response: { 200: staffRecordSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => approveStaff(tx, actor, request.params.id));
    },
  );

  app.get(
    "/staff/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a staff member, when and what, newest first (kept after they are removed)",
        params: staffIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => staffHistory(tx, orgId, request.params.id));
    },
  );

  app.get(
    "/staff/invite/verify-invite",
    {
      schema: {
        tags,
        summary: "Check an invitation link: who is invited, to which organization, until when",
        querystring: inviteQuerySchema,
        response: { 200: inviteCheckSchema },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await inviteChecksPerIp.allow(request.ip), errorMessages.rateLimited);
      return inviteCheck(await app.asSystem((tx) => findInvitation(tx, request.query.guid)));
    },
  );

  app.post(
    "/staff/invite/request-new-link",
    {
      schema: {
        tags,
        summary: "The invitee of an expired link asks for a new one; the administrator who invited them is told",
        body: requestNewLinkSchema,
        response: { 200: z.object({ ok: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      refuseOver(reply, await inviteChecksPerIp.allow(request.ip), errorMessages.rateLimited);
      await requestNewLink({ db: app.db, mailer: app.mailer, baseUrl }, request.body.invite_guid);
      return newLinkRequested;
    },
  );
};

export default staffRoutes;
