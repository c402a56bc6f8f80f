import { z } from "zod";
import { PUBLIC_BEDROOM_CHOICES, PUBLIC_SORTS } from "./public-properties.ts";

/** The AI assistant (spec accounts 2, 3, 4, 5, 7, 9; issue 15). */

export const AI_PROMPT_MAX = 2000;
/** Spec section 9: the chat panel's width in px. */
export const CHAT_PANEL_WIDTH = { min: 300, max: 800, default: 384 } as const;
/** How far one arrow key press moves the panel's edge (Shift: ten times). */
export const CHAT_PANEL_STEP = 16;

export const assistantMessages = {
  greeting: "Hello! How can I help you today? Ask me about your units, occupancy, rents, properties or applicants.",
  placeholder: "Ask about your units, rents, occupancy…",
  publicPlaceholder: "Ask about homes near a ZIP code, or this listing…",
  publicGreeting: "Hello! How can I help you find a home? Ask me about homes near a ZIP code, or about this listing.",
  promptRequired: "Type a question first",
  promptTooLong: `Ask in at most ${AI_PROMPT_MAX.toLocaleString("en-US")} characters`,
  failed: "Sorry, I could not answer that. Please try again.",
  rateLimited: "You are asking faster than I can answer. Please wait a moment.",
} as const;

/** Where an answer takes the user: a workspace table (with its quick filters set) or a public page. */
export const assistantTargetSchema = z.union([
  z.object({
    workspace: z.object({
      category: z.string(),
      item: z.string(),
      /** Quick-filter text by column id, as a user would type it. */
      filters: z.record(z.string(), z.string()).optional(),
    }),
  }),
  z.object({
    to: z.literal("/properties"),
    /** The public search, with the filters a question gave ("2 bedroom under $1500"). */
    search: z.object({
      zipCode: z.string(),
      bedrooms: z.enum(PUBLIC_BEDROOM_CHOICES).optional(),
      maxRent: z.number().int().positive().optional(),
      radius: z.number().int().positive().optional(),
      sort: z.enum(PUBLIC_SORTS).optional(),
    }),
  }),
]);
export type AssistantTarget = z.infer<typeof assistantTargetSchema>;

/** Spec: an AI response's optional action; `navigate` is carried out by the app. */
export const assistantActionSchema = z.object({ type: z.literal("navigate"), payload: assistantTargetSchema });
export type AssistantAction = z.infer<typeof assistantActionSchema>;

export const aiQuerySchema = z.object({
  prompt: z
    .string(assistantMessages.promptRequired)
    .trim()
    .min(1, assistantMessages.promptRequired)
    .max(AI_PROMPT_MAX, assistantMessages.promptTooLong),
  /** What the page shows (public pages: the listed properties and ZIP code, or the property). */
  context: z
    .object({
      zipcode: z.string().max(10).optional(),
      property_slug: z.string().max(200).optional(),
    })
    .optional(),
});
export type AiQuery = z.input<typeof aiQuerySchema>;

export const aiResponseSchema = z.object({
  response: z.string(),
  action: assistantActionSchema.optional(),
  /** The records an answer counted, to open (the scope it names, as a filtered table). */
  links: z.array(z.object({ label: z.string(), target: assistantTargetSchema })).optional(),
  /** Which engine answered ("built-in": our own parser and queries; "external": the configured model). */
  engine: z.enum(["built-in", "external"]),
  /** The external engine's model, as its server names it. */
  model: z.string().optional(),
});
export type AiResponse = z.infer<typeof aiResponseSchema>;
