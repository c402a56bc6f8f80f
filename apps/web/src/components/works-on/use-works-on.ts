import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { setUserProperties, userPropertiesQuery } from "./user-properties.ts";
import type { WorksOn } from "./works-on-field.tsx";

/**
 * The properties a user works on, in a form: loaded for `userId` (null: the form has no such
 * field), changed through the field, and saved with the form by `save` when they were changed.
 */
export function useWorksOn(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  const current = useQuery({ ...userPropertiesQuery(userId ?? 0), enabled: Boolean(userId) });
  const [changed, setChanged] = useState<WorksOn | null>(null);
  const value: WorksOn | null =
    changed ??
    (userId && current.data
      ? {
          all: current.data.all_properties,
          properties: current.data.properties.map((p) => ({ id: p.id, value: p.name })),
        }
      : null);
  return {
    value,
    onChange: setChanged,
    async save() {
      if (!userId || !changed) return;
      await setUserProperties(userId, {
        all_properties: changed.all,
        property_ids: changed.properties.map((p) => String(p.id)),
      });
      await queryClient.invalidateQueries({ queryKey: userPropertiesQuery(userId).queryKey });
    },
  };
}
