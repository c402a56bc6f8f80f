import { permissionMessages } from "@keyholder/contracts/permissions";
import { useQuery } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { type InPlaceRecordProps, InPlaceRecordsContext } from "../../lib/in-place-records.ts";
import type { RecordId } from "../../lib/tab-handlers.ts";
import { toast } from "../ui/toast.tsx";
import type { RecordDefinition } from "./record-definition.ts";
import { RecordFormDialog } from "./record-form-dialog.tsx";
import type { SavedRecord } from "./types.ts";
import { toastSaved } from "./use-record-feedback.ts";
import { useRefreshRecords } from "./use-refresh-records.ts";

const DEFAULT_NEEDS = { add: "records.edit", edit: "records.edit" } as const;

/**
 * One table's records opened in place over a related record (issue 15, item 7): its Add dialog,
 * already linked, or one record's View (read by id) and its Edit over it. Saves say what happened in
 * a toast and refresh every list and count (the related tab's count with them); when the last of
 * its dialogs closes, focus goes back to where the user was.
 */
export function InPlaceRecord<Row extends RowData, Id extends RecordId>({
  definition,
  request,
  onClose,
}: InPlaceRecordProps & { definition: RecordDefinition<Row, Id> }) {
  const can = useContext(InPlaceRecordsContext)?.can ?? (() => false);
  const needs = definition.permissions ?? DEFAULT_NEEDS;
  const refresh = useRefreshRecords();
  const key = useId();
  const [viewing, setViewing] = useState(request.kind === "show");
  const [editing, setEditing] = useState(false);
  const shownId = request.kind === "show" ? (request.id as Id) : null;
  const shown = useQuery({
    // Under the table's key, so a save anywhere refreshes what the View shows.
    queryKey: [definition.grid.key, "in-place", shownId],
    queryFn: () => {
      if (shownId === null || !definition.fetchRecord) throw new Error(`${definition.noun.one} cannot be opened here`);
      return definition.fetchRecord(shownId);
    },
    enabled: shownId !== null,
    retry: false,
  });
  const refused = request.kind === "add" && !can(needs.add) ? permissionMessages.notForRole(needs.add) : null;
  const failed = shown.isError ? `${definition.noun.one} not found: it may have been deleted.` : null;
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const problem = refused ?? failed;
    if (!problem) return;
    toast({ tone: "error", title: problem });
    close.current();
  }, [refused, failed]);

  const saved = (mode: "add" | "edit", record: SavedRecord) => {
    toastSaved(definition.noun, mode, record);
    void refresh();
  };

  if (request.kind === "add") {
    if (refused) return null;
    return (
      <RecordFormDialog
        id={`${key}-add`}
        definition={definition}
        mode="add"
        row={null}
        preset={request.preset}
        onClose={onClose}
        onSaved={(record) => {
          saved("add", record);
          onClose();
        }}
        onSavedAnother={(record) => saved("add", record)}
      />
    );
  }
  const row = shown.data;
  if (!row) return null;
  return (
    <>
      {viewing ? (
        <RecordFormDialog
          id={`${key}-view`}
          definition={definition}
          mode="view"
          row={row}
          onClose={() => {
            setViewing(false);
            if (!editing) onClose();
          }}
          onEdit={can(needs.edit) ? () => setEditing(true) : undefined}
          onSaved={() => {}}
        />
      ) : null}
      {editing ? (
        <RecordFormDialog
          id={`${key}-edit`}
          definition={definition}
          mode="edit"
          row={row}
          onClose={() => {
            setEditing(false);
            if (!viewing) onClose();
          }}
          onSaved={(record) => {
            saved("edit", record);
            setEditing(false);
            if (!viewing) onClose();
          }}
        />
      ) : null}
    </>
  );
}
