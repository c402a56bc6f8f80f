import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { occupancySchedule } from "./occupancy-schedule.ts";

/** Occupancy follows leases (issue 27 item 12): no routes of its own, the daily refresh. */
const occupancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.schedule(occupancySchedule);
};

export default occupancyRoutes;
