import type { RelatedItem, RelatedItemSource, ScopedRelatedItemList } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { InPlaceRequest, TableRef } from "../../lib/in-place-records.ts";
import type { AddPreset } from "../../lib/tab-handlers.ts";
import { Button } from "../ui/button.tsx";
import { relatedItemsCountQuery } from "./get-related-items.ts";
import { RecordPicker } from "./record-picker.tsx";
import { useInPlaceRecords } from "./use-in-place-records.tsx";

type ScopedSource = Extract<RelatedItemSource, { list: ScopedRelatedItemList }>;

/** One tab: which list it shows, its name, and the table its records live in (menu category and item). */
export interface RelatedTab {
  source: ScopedSource;
  title: string;
  /** "building": "Add building", "Find a building". */
  noun: string;
  table: TableRef;
}

function TabTitle({ tab }: { tab: RelatedTab }) {
  const count = useQuery(relatedItemsCountQuery(tab.source));
  return (
    <>
      {tab.title}{" "}
      <span className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
        {count.data === undefined ? "…" : count.data.toLocaleString("en-US")}
      </span>
    </>
  );
}

function TabContent({
  tab,
  preset,
  open,
}: {
  tab: RelatedTab;
  preset: AddPreset;
  open(table: TableRef, request: InPlaceRequest): void;
}) {
  const [chosen, setChosen] = useState<RelatedItem | null>(null);
  const count = useQuery(relatedItemsCountQuery(tab.source));
  const add = () => open(tab.table, { kind: "add", preset });
  return (
    <div className="flex flex-col gap-3 pt-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {count.data === 0 ? `No ${tab.title.toLowerCase()} yet.` : `Choose one to open it, or add another.`}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <RecordPicker
            label={`Find a ${tab.noun}`}
            source={tab.source}
            value={chosen}
            onChange={(item) => {
              setChosen(item);
              if (item) open(tab.table, { kind: "show", id: item.id });
            }}
            onCreate={() => add()}
            createLabel={`Add ${tab.noun}`}
          />
        </div>
        <Button variant="secondary" onPress={add}>
          Add {tab.noun}
        </Button>
      </div>
    </div>
  );
}

/**
 * The related items of a property (its buildings, floor plans, units and zones) or of a building (its
 * units), spec records 2.4 and 3.11: a tab each with its count, a searchable dropdown that opens the
 * chosen record, and Add, which opens that table's Add dialog already linked (`preset`). Both open
 * in place, over the editor they are in (issue 15, item 7), which shows the new count after.
 */
export function RelatedItemsTabs({ label, tabs, preset }: { label: string; tabs: RelatedTab[]; preset: AddPreset }) {
  // Here, not in a tab's panel: an Add open over the editor stays when another tab is chosen under it.
  const inPlace = useInPlaceRecords();
  return (
    <>
      <Tabs className="flex flex-col">
        <TabList aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
          {tabs.map((tab) => (
            <Tab
              key={tab.source.list}
              id={tab.source.list}
              className="cursor-pointer rounded-t-md px-3 py-1.5 text-sm font-medium text-slate-600 outline-none data-[selected]:border-b-2 data-[selected]:border-brand-700 data-[selected]:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:data-[selected]:border-brand-500 dark:data-[selected]:text-slate-100"
            >
              <TabTitle tab={tab} />
            </Tab>
          ))}
        </TabList>
        {tabs.map((tab) => (
          <TabPanel key={tab.source.list} id={tab.source.list} className="outline-none">
            <TabContent tab={tab} preset={preset} open={inPlace.open} />
          </TabPanel>
        ))}
      </Tabs>
      {inPlace.dialogs}
    </>
  );
}
