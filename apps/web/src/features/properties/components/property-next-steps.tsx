import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import {
  getRelatedItemsPage,
  relatedItemsCountQuery,
  relatedItemsKey,
} from "../../../components/record-picker/get-related-items.ts";
import { useInPlaceRecords } from "../../../components/record-picker/use-in-place-records.tsx";
import { Button } from "../../../components/ui/button.tsx";

const BUILDINGS = { category: "Building", item: "All Buildings" };
const UNITS = { category: "Unit", item: "All Units" };

/**
 * What comes after Create property (issue 15, item 13), at the top of the new property's editor:
 * Add a building (focused, so Enter does it), and Add units, in place over the editor. With one
 * building, its units go in it ("Add units to North Tower").
 */
export function PropertyNextSteps({ property }: { property: { id: string; name: string } }) {
  const headingId = useId();
  const inPlace = useInPlaceRecords();
  const buildingsList = { list: "buildings-by-property", scopeId: property.id } as const;
  const buildings = useQuery(relatedItemsCountQuery(buildingsList)).data;
  const units = useQuery(relatedItemsCountQuery({ list: "units-by-property", scopeId: property.id })).data;
  const only = useQuery({
    queryKey: relatedItemsKey(buildingsList, "only"),
    queryFn: ({ signal }) => getRelatedItemsPage(buildingsList, { searchTerm: "" }, signal),
    enabled: buildings === 1,
    select: (page) => page.data[0] ?? null,
  }).data;
  const building = buildings === 1 && only ? { id: String(only.id), value: only.value } : null;
  const preset = { property: { id: property.id, value: property.name } };
  const counted = (n: number | undefined, one: string, many: string) =>
    n === undefined ? "" : `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 dark:border-slate-600 dark:bg-slate-800"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Next steps for {property.name}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {property.name} is created. Add its buildings, then the units in them
        {buildings === undefined || units === undefined
          ? "."
          : ` (so far ${counted(buildings, "building", "buildings")} and ${counted(units, "unit", "units")}).`}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Focused as the editor opens: the next step is in front, Enter takes it. */}
        <Button autoFocus onPress={() => inPlace.open(BUILDINGS, { kind: "add", preset })}>
          Add a building
        </Button>
        <Button
          variant="secondary"
          onPress={() => inPlace.open(UNITS, { kind: "add", preset: building ? { ...preset, building } : preset })}
        >
          {building ? `Add units to ${building.value}` : "Add units"}
        </Button>
      </div>
      {inPlace.dialogs}
    </section>
  );
}
