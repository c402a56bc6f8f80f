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

/** The operator's list of accounts across organizations (issue item 19): who is unverified, who is banned. */
export const OPERATOR_ACCOUNT_FILTERS = ["all", "unverified", "banned"] as const;
export const operatorAccountsQuerySchema = z.object({
  filter: z.enum(OPERATOR_ACCOUNT_FILTERS).default("all"),
  q: z.string().trim().max(200).default(""),
});
export const OPERATOR_ACCOUNTS_LIMIT = 200;
export const operatorAccountSchema = z.object({
  organization_id: z.string().uuid(),
  organization_name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  email_verified: z.boolean(),
  banned: z.boolean(),
  is_operator: z.boolean(),
  last_login: z.string().nullable(),
  created_date: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;
export const operatorAccountsSchema = z.object({
  accounts: z.array(operatorAccountSchema),
  /** All the accounts the filter matches; at most OPERATOR_ACCOUNTS_LIMIT are listed. */
  total: z.number().int(),
});
export const operatorAccountParamsSchema = z.object({
  organizationId: z.string().uuid(),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const operatorAccountResponseSchema = z.object({ account: operatorAccountSchema });

export const operatorMessages = {
  notOperator: "Only the platform operator can review the waitlist",
  notWaitlisted: "This organization has already been reviewed",
  approved: "Approved",
  rejected: "Rejected",
  accountNotFound: "No such account",
  cannotBanOperator: "The platform operator's account cannot be banned",
  banConfirm: (username: string) =>
    `Ban ${username}? They are signed out at once and cannot sign in until the ban is lifted.`,
} as const;
