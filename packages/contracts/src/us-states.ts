import { z } from "zod";

/** GET /api/v1/us-states: the states an address can be in, by two-letter code (spec records 3.4). */
export const usStateListSchema = z.object({
  states: z.array(z.object({ id: z.number().int(), state_code: z.string().length(2), state_name: z.string() })),
});
