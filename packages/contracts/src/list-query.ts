import { z } from "zod";

/** Query parameters shared by the paged list endpoints of the record tables (spec records 3.11, 7). */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

export function listQuerySchema<
  const K extends readonly [string, ...string[]],
  const F extends readonly [string, ...string[]],
>(o: { sortKeys: K; defaultSort: K[number]; filterColumns: F; maxLimit: number }) {
  return z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(o.maxLimit).default(o.maxLimit),
    sort_by: z.enum(o.sortKeys).default(o.defaultSort as never),
    sort_direction: z.enum(SORT_DIRECTIONS).default("asc"),
    /** JSON object of column -> filter text (the quick-filter row). */
    filters: z
      .string()
      .max(4000)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return {} as Partial<Record<F[number], string>>;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: "custom", message: "filters must be a JSON object" });
          return z.NEVER;
        }
        const checked = z.partialRecord(z.enum(o.filterColumns), z.string().max(200)).safeParse(parsed);
        if (!checked.success) {
          ctx.addIssue({ code: "custom", message: `filters may only name: ${o.filterColumns.join(", ")}` });
          return z.NEVER;
        }
        return checked.data as Partial<Record<F[number], string>>;
      }),
  });
}
