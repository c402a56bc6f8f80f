/** Row selection rules of the grid (spec records 2.1), as pure functions over `{rowId: true}` maps. */
export type Selection = Record<string, true>;

/** A plain click selects only that row; Ctrl/Cmd-click adds it to (or removes it from) the selection. */
export function clickSelection(prev: Selection, id: string, additive: boolean): Selection {
  if (!additive) return { [id]: true };
  const next = { ...prev };
  if (next[id]) delete next[id];
  else next[id] = true;
  return next;
}

/** Rows from the anchor to the current index, both included, in either direction, added to `base`. */
export function rangeSelection(ids: readonly string[], anchor: number, index: number, base: Selection = {}): Selection {
  const next = { ...base };
  const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
  for (let i = Math.max(0, from); i <= Math.min(ids.length - 1, to); i++) {
    const id = ids[i];
    if (id !== undefined) next[id] = true;
  }
  return next;
}

export const selectedIds = (selection: Selection) => Object.keys(selection).filter((id) => selection[id]);

/**
 * The rows to act on for a selection made before the rows reloaded: those selected then, each as it
 * is now where it is still loaded (a sort can move it out of the loaded pages), then any selected
 * row loaded since.
 */
export function keptSelection<Row>(then: readonly Row[], now: readonly Row[], rowId: (row: Row) => string): Row[] {
  const current = new Map(now.map((row) => [rowId(row), row]));
  const kept = new Set(then.map(rowId));
  return [...then.map((row) => current.get(rowId(row)) ?? row), ...now.filter((row) => !kept.has(rowId(row)))];
}
