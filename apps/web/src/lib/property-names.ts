/**
 * Names of the properties seen in loaded rows (buildings, floor plans), so a History dialog can
 * show "Property: Maple Lofts → Cedar Court" rather than ids.
 */
const names = new Map<string, string>();

export const rememberPropertyName = (id: string | null, name: string | null) => {
  if (id && name) names.set(id, name);
};

export const propertyNameOf = (id: unknown) => names.get(String(id)) ?? "a property not in this list";
