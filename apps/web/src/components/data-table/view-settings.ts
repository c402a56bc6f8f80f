import { filterConditionSchema } from "@keyholder/contracts/list-query";
import { z } from "zod";

/**
 * A grid's view settings, kept in localStorage per grid instance under the spec's key prefixes
 * (records section 9): table-visibility-, table-order-, table-sorting-, table-column-filters-.
 * Sizes, line numbers and filter-builder conditions are ours, under the same pattern.
 */
export const VIEW_KEY_PREFIXES = {
  visibility: "table-visibility-",
  order: "table-order-",
  sorting: "table-sorting-",
  filters: "table-column-filters-",
  sizing: "table-sizing-",
  lineNumbers: "table-line-numbers-",
  conditions: "table-conditions-",
} as const;

const schemas = {
  visibility: z.record(z.string(), z.boolean()),
  order: z.array(z.string()),
  sorting: z.array(z.object({ id: z.string(), desc: z.boolean() })).max(1),
  filters: z.array(z.object({ id: z.string(), value: z.string() })),
  sizing: z.record(z.string(), z.number().min(20).max(2000)),
  lineNumbers: z.boolean(),
  conditions: z.array(filterConditionSchema).max(20),
};

export type ViewSettings = { [K in keyof typeof schemas]: z.infer<(typeof schemas)[K]> };

export const viewKey = (setting: keyof ViewSettings, instanceId: string) =>
  `${VIEW_KEY_PREFIXES[setting]}${instanceId}`;

/** Stored settings over the defaults; anything unreadable or naming an unknown column is dropped. */
export function loadViewSettings(instanceId: string, defaults: ViewSettings, columnIds: string[]): ViewSettings {
  const known = new Set(columnIds);
  const read = <K extends keyof ViewSettings>(setting: K): ViewSettings[K] => {
    try {
      const raw = localStorage.getItem(viewKey(setting, instanceId));
      if (raw === null) return defaults[setting];
      const parsed = schemas[setting].safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as ViewSettings[K]) : defaults[setting];
    } catch {
      return defaults[setting];
    }
  };
  const order = read("order").filter((id) => known.has(id));
  const visibility = Object.fromEntries(
    Object.entries({ ...defaults.visibility, ...read("visibility") }).filter(([id]) => known.has(id)),
  );
  return {
    // A grid always shows a data column: a stored view hiding them all (as an old Hide All saved it)
    // falls back to the default columns instead of a '#'-only grid.
    visibility: columnIds.some((id) => visibility[id] !== false) ? visibility : defaults.visibility,
    order: [...order, ...columnIds.filter((id) => !order.includes(id))],
    sorting: read("sorting").filter((s) => known.has(s.id)),
    filters: read("filters").filter((f) => known.has(f.id)),
    sizing: Object.fromEntries(Object.entries(read("sizing")).filter(([id]) => known.has(id))),
    lineNumbers: read("lineNumbers"),
    conditions: read("conditions").filter((c) => known.has(c.column)),
  };
}

export function saveJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the view still works for this visit.
  }
}

export const saveViewSetting = <K extends keyof ViewSettings>(instanceId: string, setting: K, value: ViewSettings[K]) =>
  saveJson(viewKey(setting, instanceId), value);
