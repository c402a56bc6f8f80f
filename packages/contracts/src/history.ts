import { z } from "zod";

/** Record history (the audit log) as `GET /api/v1/{entities}/{id}/history` answers it, newest first. */
export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  changed_at: z.string(),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Field name -> value before and after; a create has `from: null`, a delete `to: null`. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historySchema = z.object({ history: z.array(historyEntrySchema) });

/** Ids for one bulk delete request; the whole batch succeeds or none of it does. */
export const BULK_DELETE_MAX = 2000;
export const bulkDeleteMessages = {
  idsRequired: "Choose at least one record to delete",
  tooMany: `At most ${BULK_DELETE_MAX.toLocaleString("en-US")} records can be deleted at once`,
  badId: "Record ids are whole numbers of 1 or more",
} as const;
export const bulkDeleteSchema = z.object({
  ids: z
    .array(
      z.number({ error: bulkDeleteMessages.badId }).int(bulkDeleteMessages.badId).positive(bulkDeleteMessages.badId),
      {
        error: bulkDeleteMessages.idsRequired,
      },
    )
    .min(1, bulkDeleteMessages.idsRequired)
    .max(BULK_DELETE_MAX, bulkDeleteMessages.tooMany),
});
export const bulkDeleteResultSchema = z.object({ deleted: z.number().int() });

export const recordIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
