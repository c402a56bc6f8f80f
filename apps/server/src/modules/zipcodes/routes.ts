import { propertyMessages, zipcodeInfoSchema } from "@keyholder/contracts/properties";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zipInfo } from "../../lib/geo/zip-directory.ts";
import { notFound } from "../../lib/http-error.ts";
import { requireAuth } from "../../lib/route-guards.ts";

/** What a ZIP code tells an address form: its city, state and centre, from the national directory. */
const zipcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/zipcodes/:zipcode",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["reference"],
        summary: "The city, state and centre of a US ZIP code (5 digits, or ZIP+4)",
        params: z.object({ zipcode: z.string().regex(/^\d{5}(?:-\d{4})?$/, propertyMessages.zipcode) }),
        response: { 200: zipcodeInfoSchema },
      },
    },
    async (request) => {
      const zip = zipInfo(request.params.zipcode);
      if (!zip) throw notFound(propertyMessages.zipUnknown);
      return { zipcode: zip.zipcode, city: zip.city, state_code: zip.stateCode, latitude: zip.lat, longitude: zip.lon };
    },
  );
};

export default zipcodeRoutes;
