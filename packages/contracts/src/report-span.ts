import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * The query of a report over a span of days (`from` to `to`, both counted; each report says what
 * they are when left out), one property or all, and its format; plus its own fields. A first day
 * after the last is refused on `from`.
 */
export const reportSpanQuery = <S extends z.ZodRawShape>(own: S) =>
  z
    .object({
      from: civilDateSchema().optional(),
      to: civilDateSchema().optional(),
      property_id: z.uuid({ error: reportMessages.property }).optional(),
      format: z.enum(REPORT_FORMATS).default("json"),
      ...own,
    })
    .refine(
      (q) => {
        // The generic shape hides the two days' types from the checker; they are these.
        const { from, to } = q as { from?: string; to?: string };
        return !from || !to || from <= to;
      },
      { message: reportMessages.range, path: ["from"] },
    );
