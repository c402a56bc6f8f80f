import { z } from "zod";

const count = z.number().int().nonnegative();

/**
 * GET /api/v1/get-started: what the signed-in organization has set up so far, counted from its own
 * rows, for the workspace's "Get started" checklist (issue 10, item 12).
 */
export const getStartedSchema = z.object({
  properties: count,
  buildings: count,
  units: count,
  /** Staff invited, whatever the state of their invitation. */
  staff: count,
  /** Active properties shown on the public site (show_property_online). */
  properties_online: count,
});
export type GetStarted = z.infer<typeof getStartedSchema>;
