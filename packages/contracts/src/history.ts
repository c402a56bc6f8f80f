import { z } from "zod";

/** Record history (the audit log) as `GET /api/v1/{entities}/{id}/history` answers it, newest first. */
export const AUDIT_ACTIONS = ["create", "update", "delete", "restore"] as const;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  changed_at: z.string(),
  /** Who made the change; `id` null for someone without an account ("Acme Plumbing (vendor)" through their link). */
  changed_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
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
/** A non-empty batch of record ids, with the messages of what the batch is for. */
const recordIdsSchema = (m: { idsRequired: string; tooMany: string; badId: string }) =>
  z.object({
    ids: z
      .array(z.number({ error: m.badId }).int(m.badId).positive(m.badId), { error: m.idsRequired })
      .min(1, m.idsRequired)
      .max(BULK_DELETE_MAX, m.tooMany),
  });
export const bulkDeleteSchema = recordIdsSchema(bulkDeleteMessages);
export const bulkDeleteResultSchema = z.object({ deleted: z.number().int() });

/** Ids for Undo after a delete: each record comes back as it was, within the restore window. */
export const restoreMessages = {
  idsRequired: "Choose at least one record to restore",
  tooMany: `At most ${BULK_DELETE_MAX.toLocaleString("en-US")} records can be restored at once`,
  badId: bulkDeleteMessages.badId,
} as const;
export const restoreSchema = recordIdsSchema(restoreMessages);
/** How many came back; a record is not restored when it is unknown, already back, or its property is gone. */
export const restoreResultSchema = z.object({ restored: z.number().int(), ids: z.array(z.number().int()) });

export const recordIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
