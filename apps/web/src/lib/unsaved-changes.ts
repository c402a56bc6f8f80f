import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";

/**
 * Unsaved changes (issue 15, item 6), one mechanism for every form: whatever holds changes not yet
 * saved (a form's values, photos waiting to go up) reports it to the dialog around it, which then
 * asks before Escape or its close button throws them away. A dialog opened inside another (a
 * building added over the property editor) reports its own changes on to the outer one.
 */
export type ReportUnsaved = (source: string, unsaved: boolean) => void;

export const UnsavedChangesContext = createContext<ReportUnsaved | null>(null);

/** Tells the dialog around (if any) whether this part of it has unsaved changes. */
export function useUnsavedChanges(unsaved: boolean) {
  const report = useContext(UnsavedChangesContext);
  const source = useId();
  useEffect(() => {
    report?.(source, unsaved);
  }, [report, source, unsaved]);
  // Gone with the part that had them (a form unmounted, the dialog's content switched).
  useEffect(() => () => report?.(source, false), [report, source]);
}

/**
 * What holds parts with unsaved changes (a dialog, a workspace tab): whether any of them has some,
 * and the `report` to give them through UnsavedChangesContext. While `frozen` (a tab in the
 * background, whose parts' effects React has stopped) their reports are ignored, so what was unsaved
 * when the tab went to the background still counts.
 */
export function useUnsavedParts({ frozen = false }: { frozen?: boolean } = {}) {
  const [parts, setParts] = useState<ReadonlySet<string>>(() => new Set());
  // The parts as reported this moment: a key pressed right after a change typed back (Escape) must
  // see it, though the render that shows it has not happened yet (it waits behind the key's own).
  const latest = useRef(parts);
  const isFrozen = useRef(frozen);
  isFrozen.current = frozen;
  const report = useCallback<ReportUnsaved>((source, unsaved) => {
    if (isFrozen.current) return;
    const current = latest.current;
    if (current.has(source) === unsaved) return;
    const next = new Set(current);
    if (unsaved) next.add(source);
    else next.delete(source);
    latest.current = next;
    setParts(next);
  }, []);
  const hasUnsaved = useCallback(() => latest.current.size > 0, []);
  return { unsaved: parts.size > 0, hasUnsaved, report };
}

/** Plain values (text, numbers, booleans, null, arrays and objects of them) equal member by member. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
