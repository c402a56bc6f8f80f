import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useState } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { RecordPicker } from "../record-picker/record-picker.tsx";
import { Button } from "../ui/button.tsx";

export interface WorksOn {
  all: boolean;
  properties: RelatedItem[];
}

const radioClass =
  "flex cursor-pointer items-center gap-2 text-sm outline-none before:block before:h-4 before:w-4 before:rounded-full before:border before:border-slate-500 data-focus-visible:before:ring-2 data-focus-visible:before:ring-brand-500 data-selected:before:border-4 data-selected:before:border-brand-700";

/**
 * Which properties a staff member works on (issue 13, decision 019): all of them, or the ones
 * chosen here, one at a time from the property dropdown, each removable.
 */
export function WorksOnField({ value, onChange }: { value: WorksOn; onChange(next: WorksOn): void }) {
  const [picked, setPicked] = useState<RelatedItem | null>(null);
  const add = (item: RelatedItem | null) => {
    setPicked(null);
    if (item && !value.properties.some((p) => String(p.id) === String(item.id))) {
      onChange({ ...value, properties: [...value.properties, item] });
    }
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Works on</legend>
      <RadioGroup
        aria-label="Works on"
        value={value.all ? "all" : "some"}
        onChange={(v) => onChange({ ...value, all: v === "all" })}
        className="flex flex-col gap-2 sm:flex-row sm:gap-6"
      >
        <Radio value="all" className={radioClass}>
          All properties
        </Radio>
        <Radio value="some" className={radioClass}>
          Only the properties below
        </Radio>
      </RadioGroup>
      {value.all ? null : (
        <div className="flex flex-col gap-2">
          {value.properties.length ? (
            <ul aria-label="Chosen properties" className="flex flex-wrap gap-2">
              {value.properties.map((p) => (
                <li
                  key={String(p.id)}
                  className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm dark:bg-slate-800"
                >
                  {p.value}
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${p.value}`}
                    className="px-1.5 py-0"
                    onPress={() =>
                      onChange({ ...value, properties: value.properties.filter((x) => String(x.id) !== String(p.id)) })
                    }
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-amber-800 dark:text-amber-200">
              No property chosen: they will see no records until you add one.
            </p>
          )}
          {/* Remounted after each choice: the box empties and closes, ready for the next one. */}
          <RecordPicker
            key={value.properties.length}
            label="Add a property"
            source={{ list: "properties" }}
            value={picked}
            onChange={add}
          />
        </div>
      )}
    </fieldset>
  );
}
