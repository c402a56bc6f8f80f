import { z } from "zod";

/** An error-level log from the browser, forwarded as a client_error event (spec section 3). */
export const clientErrorSchema = z.object({
  message: z.string().max(2000),
  meta: z.unknown().optional(),
  error_name: z.string().max(200).optional(),
  error_message: z.string().max(4000).optional(),
  stack: z.string().max(20_000).optional(),
  timestamp: z.string().max(64),
  url: z.string().max(2000).optional(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
