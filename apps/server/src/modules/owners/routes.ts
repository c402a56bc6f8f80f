import {
  ownerFormSchema,
  ownerIdParamsSchema,
  ownerMessages,
  ownerSchema,
  ownershipSchema,
  ownersSchema,
  propertyIdParamsSchema,
  setOwnershipSchema,
} from "@keyholder/contracts/owners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { readOwners, refuseScoped } from "./owner-rows.ts";
import { saveOwner } from "./save-owner.ts";
import { readOwnership, setOwnership } from "./set-ownership.ts";

const tags = ["owners"];

/** Owners and who owns each property (issue 29 item 5, decision 044). */
const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/owners",
    {
      schema: {
        tags,
        summary: "The organization's owners by name, with the properties they hold today",
        response: { 200: ownersSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        refuseScoped(tx);
        return { owners: await readOwners(tx, orgId, await organizationToday(tx, orgId)) };
      });
    },
  );

  app.post(
    "/owners",
    {
      schema: {
        tags,
        summary: "Add an owner (a person or a company) with their W-9 details",
        body: ownerFormSchema,
        response: { 201: ownerSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const owner = await request.withOrg((tx) => saveOwner(tx, actor, app.secretBox, request.body));
      return reply.status(201).send(owner);
    },
  );

  app.patch(
    "/owners/:id",
    {
      schema: {
        tags,
        summary: "Change an owner's details (the taxpayer id kept unless sent again)",
        params: ownerIdParamsSchema,
        body: ownerFormSchema,
        response: { 200: ownerSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => saveOwner(tx, actor, app.secretBox, request.body, request.params.id));
    },
  );

  app.get(
    "/properties/:id/owners",
    {
      schema: {
        tags,
        summary: "Who owns a property today, with their shares",
        params: propertyIdParamsSchema,
        response: { 200: ownershipSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const ownership = await request.withOrg(async (tx) => {
        refuseScoped(tx);
        return readOwnership(tx, orgId, request.params.id, await organizationToday(tx, orgId));
      });
      if (!ownership) throw notFound(ownerMessages.property);
      return ownership;
    },
  );

  app.put(
    "/properties/:id/owners",
    {
      schema: {
        tags,
        summary:
          "Set who owns a property from a day: shares adding up to 100%, replacing the current ones from that day",
        params: propertyIdParamsSchema,
        body: setOwnershipSchema,
        response: { 200: ownershipSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const ownership = await request.withOrg(async (tx) => {
        await setOwnership(tx, orgId, request.params.id, request.body);
        return readOwnership(tx, orgId, request.params.id, request.body.starts_on);
      });
      if (!ownership) throw notFound(ownerMessages.property);
      return ownership;
    },
  );
};

export default ownerRoutes;
