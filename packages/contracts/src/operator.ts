import { z } from "zod";

/** The platform operator's waitlist review (not in the product spec; see issue 3, item 8). */

export const WAITLIST_STATUSES = ["waitlisted", "approved", "rejected"] as const;

export const waitlistEntrySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  number: z.number().int(),
  waitlist_status: z.enum(WAITLIST_STATUSES),
  created_date: z.string(),
  reviewed_at: z.string().nullable(),
  num_of_units: z.number().int(),
  property_types: z.string(),
  current_software: z.string(),
  owner: z.object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
  }),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistQuerySchema = z.object({ status: z.enum(WAITLIST_STATUSES).default("waitlisted") });
export const waitlistListSchema = z.object({ organizations: z.array(waitlistEntrySchema) });
export const waitlistDecisionParamsSchema = z.object({ id: z.string().uuid() });
export const waitlistDecisionResponseSchema = z.object({ organization: waitlistEntrySchema });

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  transport: z.string(),
});
export const outboxListSchema = z.object({ messages: z.array(outboxMessageSchema) });

export const operatorMessages = {
  notOperator: "Only the platform operator can review the waitlist",
  notWaitlisted: "This organization has already been reviewed",
  approved: "Approved",
  rejected: "Rejected",
} as const;
