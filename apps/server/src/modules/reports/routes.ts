import { REPORT_AREAS, REPORT_CATALOGUE, REPORT_FORMATS, REPORT_PARAMS } from "@keyholder/contracts/reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const catalogueSchema = z.object({
  reports: z.array(
    z.object({
      id: z.string(),
      area: z.enum(REPORT_AREAS),
      title: z.string(),
      description: z.string(),
      params: z.array(z.enum(REPORT_PARAMS)),
      required: z.array(z.enum(REPORT_PARAMS)),
      formats: z.array(z.enum(REPORT_FORMATS)),
      menu: z.object({ category: z.string(), item: z.string() }),
    }),
  ),
});

/** GET /reports: the catalogue of the reports under /reports/{id} (issue 30). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports",
    {
      schema: {
        tags: ["reports"],
        summary:
          "The reports: each one's id (its path under /reports), area, title, parameters, download formats and the menu entry that shows it",
        response: { 200: catalogueSchema },
      },
    },
    async () => ({
      reports: REPORT_CATALOGUE.map((r) => ({
        ...r,
        params: [...r.params],
        required: [...(r.required ?? [])],
        formats: [...r.formats],
      })),
    }),
  );
};

export default reportRoutes;
