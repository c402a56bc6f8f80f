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
