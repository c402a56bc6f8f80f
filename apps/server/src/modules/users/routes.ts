import { sessionSchema } from "@keyholder/contracts/auth";
import { historySchema } from "@keyholder/contracts/history";
import {
  setUserPropertiesSchema,
  USERS_PAGE_SIZE,
  updateUserSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userMessages,
  userPropertiesSchema,
  userRowSchema,
} from "@keyholder/contracts/users";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Tx, withOrg } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { actorOf } from "../../lib/audit.ts";
import { notFound, unauthenticated } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { sessionResponse } from "../auth/session-response.ts";
import { getUserRow, listUsers } from "./list-users.ts";
import { resetTwoFactor, signOutEverywhere, updateUser } from "./update-user.ts";
import { userHistory } from "./user-history.ts";
import { getUserProperties, setUserProperties } from "./user-properties.ts";
import { startViewingAs, stopViewingAs } from "./view-as.ts";

const tags = ["users"];

/** A user as the grid shows them after a change, so the grid updates the row from the answer. */
async function shownRow(tx: Tx, id: number) {
  const row = await getUserRow(tx, id);
  if (!row) throw notFound(userMessages.notFound);
  return row;
}

/** The organization's users as an administrator manages them (issue 13). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/users/details",
    {
      tags,
      summary: `A page of the organization's users (at most ${USERS_PAGE_SIZE}) with role, standing, properties and last login`,
      querystring: userListQuerySchema,
      list: userListSchema,
      key: "users",
    },
    (request) => request.withOrg((tx) => listUsers(tx, request.query)),
  );

  app.get(
    "/users/:userId",
    {
      schema: {
        tags,
        summary: "One user as the grid shows them",
        params: userIdParamsSchema,
        response: { 200: userRowSchema },
      },
    },
    async (request) => request.withOrg((tx) => shownRow(tx, request.params.userId)),
  );

  app.patch(
    "/users/:userId",
    {
      schema: {
        tags,
        summary:
          "Change a user's role, lock or enabled flag (never above your own role; the last active administrator stays one)",
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: userRowSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const actor = { ...actorOf(auth), role: auth.roleName };
      return request.withOrg(async (tx) => {
        await updateUser(tx, actor, request.params.userId, request.body);
        return shownRow(tx, request.params.userId);
      });
    },
  );

  app.post(
    "/users/:userId/sign-out",
    {
      schema: {
        tags,
        summary: "End every session of a user at once",
        params: userIdParamsSchema,
        response: { 200: userRowSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await signOutEverywhere(tx, actor, request.params.userId);
        return shownRow(tx, request.params.userId);
      });
    },
  );

  app.post(
    "/users/:userId/reset-two-factor",
    {
      schema: {
        tags,
        summary: "Turn a user's two-factor sign-in off (a lost phone); they sign in with their password alone",
        params: userIdParamsSchema,
        response: { 200: userRowSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        await resetTwoFactor(tx, actor, request.params.userId);
        return shownRow(tx, request.params.userId);
      });
    },
  );

  app.post(
    "/users/:userId/view-as",
    {
      schema: {
        tags,
        summary:
          "Preview the workspace as a user sees it (their role and properties), read-only, until DELETE /auth/view-as",
        params: userIdParamsSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const actor = actorOf(auth);
      const target = request.params.userId;
      await request.withOrg((tx) => startViewingAs(tx, actor, target));
      return app.asSystem(async (tx) => {
        await tx.update(sessions).set({ viewAsUserId: target }).where(eq(sessions.tokenHash, auth.tokenHash));
        const body = await sessionResponse(tx, { organizationId: auth.orgId, id: target }, auth.expiresAt, auth.userId);
        if (!body) throw notFound(userMessages.notFound);
        return body;
      });
    },
  );

  app.delete(
    "/auth/view-as",
    {
      schema: {
        tags,
        summary: "Stop viewing the workspace as another user; answers your own session",
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const self = auth.viewer ?? auth.userId;
      if (auth.viewer !== null) {
        const viewed = auth.userId;
        await withOrg(app.db, { orgId: auth.orgId, userId: self }, (tx) =>
          stopViewingAs(tx, { orgId: auth.orgId, userId: self }, viewed),
        );
      }
      return app.asSystem(async (tx) => {
        await tx.update(sessions).set({ viewAsUserId: null }).where(eq(sessions.tokenHash, auth.tokenHash));
        const body = await sessionResponse(tx, { organizationId: auth.orgId, id: self }, auth.expiresAt);
        if (!body) throw unauthenticated();
        return body;
      });
    },
  );

  app.get(
    "/users/:userId/history",
    {
      schema: {
        tags,
        summary: "Who changed a user's role, standing or properties, when and what, newest first",
        params: userIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => userHistory(tx, orgId, request.params.userId));
    },
  );

  app.get(
    "/users/:userId/properties",
    {
      schema: {
        tags,
        summary: "The properties a user works on: all of them, or a list",
        params: userIdParamsSchema,
        response: { 200: userPropertiesSchema },
      },
    },
    async (request) => request.withOrg((tx) => getUserProperties(tx, request.params.userId)),
  );

  app.put(
    "/users/:userId/properties",
    {
      schema: {
        tags,
        summary: "Give a user all properties or a list of them; it counts from their next request",
        params: userIdParamsSchema,
        body: setUserPropertiesSchema,
        response: { 200: userPropertiesSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => setUserProperties(tx, actor, request.params.userId, request.body));
    },
  );
};

export default userRoutes;
