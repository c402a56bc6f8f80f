import { historySchema } from "@keyholder/contracts/history";
import {
  leaseCreateSchema,
  leaseIdParamsSchema,
  leaseListQuerySchema,
  leaseListSchema,
  leaseMessages,
  leasePetListQuerySchema,
  leasePetListSchema,
  leaseResponseSchema,
  leaseUpdateSchema,
  moveInResponseSchema,
  moveInSchema,
} from "@keyholder/contracts/leases";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { createLease } from "./create-lease.ts";
import { deleteLease } from "./delete-lease.ts";
import { leaseHistory } from "./lease-audit.ts";
import { listLeasePets } from "./list-lease-pets.ts";
import { listLeases } from "./list-leases.ts";
import { moveIn } from "./move-in.ts";
import { readLease } from "./read-lease.ts";
import { updateLease } from "./update-lease.ts";

const tags = ["leases"];

/** Leases (issue 27 items 8 and 9, decision 029): thin handlers over the contract. */
const leaseRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/leases",
    {
      tags,
      summary: "A page of leases with their tenants, property, units, rent, deposit and balance, sorted and filtered",
      querystring: leaseListQuerySchema,
      list: leaseListSchema,
      key: "leases",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listLeases(tx, request.query)),
  );

  app.post(
    "/leases",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a lease (pending until move-in): units of its property, parties with roles, term and dates, rent and other charges, late fee, deposit, pets. A unit another lease holds on one of its days is refused (409)",
        body: leaseCreateSchema,
        response: { 201: leaseResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const lease = await request.withOrg((tx) => createLease(tx, actor, request.body));
      return reply.status(201).send({ lease });
    },
  );

  app.get(
    "/leases/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One lease with its parties, units, recurring charges (with their history), pets and balance",
        params: leaseIdParamsSchema,
        response: { 200: leaseResponseSchema },
      },
    },
    async (request) => {
      const lease = await request.withOrg((tx) => readLease(tx, request.params.id));
      if (!lease) throw notFound(leaseMessages.notFound);
      return { lease };
    },
  );

  app.put(
    "/leases/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Save a lease's form. Once moved in, a changed rent or charge takes effect on effective_date as a new row (the one in effect ends the day before); an overlapping rent is refused (409)",
        params: leaseIdParamsSchema,
        body: leaseUpdateSchema,
        response: { 200: leaseResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const lease = await request.withOrg((tx) => updateLease(tx, actor, request.params.id, request.body));
      if (!lease) throw notFound(leaseMessages.notFound);
      return { lease };
    },
  );

  app.delete(
    "/leases/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a lease entered by mistake; one with postings on its ledger is kept (409)",
        params: leaseIdParamsSchema,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const found = await request.withOrg((tx) => deleteLease(tx, actor, request.params.id));
      if (!found) throw notFound(leaseMessages.notFound);
      return reply.status(204).send();
    },
  );

  app.get(
    "/leases/:id/history",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Who changed a lease, when and what, newest first (kept after the lease is deleted)",
        params: leaseIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => leaseHistory(tx, orgId, request.params.id));
    },
  );

  app.post(
    "/leases/:id/move-in",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Move the tenants in: the lease becomes active and its first charges post (first month prorated by calendar days, deposit, one-time fees), or, skipping them, an opening balance. A second move-in posts nothing and answers the first",
        params: leaseIdParamsSchema,
        body: moveInSchema,
        response: { 200: moveInResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const moved = await request.withOrg((tx) => moveIn(tx, actor, request.params.id, request.body));
      if (!moved) throw notFound(leaseMessages.notFound);
      return moved;
    },
  );

  registerListRoute(
    app,
    "/lease-pets",
    {
      tags,
      summary: "Tenants > Pets: the pets on leases with their lease, tenants, property and units, sorted and filtered",
      querystring: leasePetListQuerySchema,
      list: leasePetListSchema,
      key: "pets",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listLeasePets(tx, request.query)),
  );
};

export default leaseRoutes;
