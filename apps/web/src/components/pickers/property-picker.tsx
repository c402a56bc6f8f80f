import { SEARCH_DEBOUNCE_MS } from "@keyholder/contracts/property-search";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { useDebouncedValue } from "../../hooks/use-debounced-value.ts";
import { descriptionClass, errorClass, inputClass, labelClass } from "../ui/field-styles.ts";
import { findProperties } from "./find-properties.ts";

export interface PickedProperty {
  id: string;
  name: string;
}

/**
 * Choose one of the organization's properties by typing part of its name or address: the property
 * a building or a zone belongs to.
 */
export function PropertyPicker({
  value,
  onChange,
  onBlur,
  onInputChange,
  errors,
}: {
  value: PickedProperty | null;
  onChange(value: PickedProperty | null): void;
  onBlur?(): void;
  /** The user typed in the box (a change, even before a property is chosen). */
  onInputChange?(): void;
  errors?: string[] | undefined;
}) {
  const [text, setText] = useState(value?.name ?? "");
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = search.length > 0 && search !== value?.name;
  const results = useQuery({
    queryKey: ["property-picker", search],
    queryFn: ({ signal }) => findProperties(search, signal),
    enabled,
  });
  const items = [...(value ? [{ id: value.id, name: value.name, address: null }] : []), ...(results.data ?? [])].filter(
    (p, i, all) => all.findIndex((q) => q.id === p.id) === i,
  );
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <ComboBox
      className="flex flex-col gap-1"
      items={items}
      inputValue={text}
      onInputChange={(t) => {
        if (t !== text) onInputChange?.();
        setText(t);
      }}
      onBlur={onBlur}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const picked = items.find((p) => p.id === key);
        onChange(picked ? { id: picked.id, name: picked.name } : null);
        if (picked) setText(picked.name);
      }}
      menuTrigger="input"
      // Opens while the search runs, so results that arrive later are shown without another keystroke.
      allowsEmptyCollection
      isInvalid={invalid}
      isRequired
      validationBehavior="aria"
    >
      <Label className={labelClass}>Property</Label>
      <div className="relative flex items-center">
        <Input placeholder="Type to search your properties" className={`${inputClass} pr-9`} />
        <Button
          aria-label="Show properties"
          className="absolute right-1 rounded px-2 text-slate-600 dark:text-slate-300"
        >
          ▾
        </Button>
      </div>
      {results.isFetching ? (
        <Text slot="description" className={descriptionClass}>
          Searching...
        </Text>
      ) : null}
      <FieldError className={errorClass}>{errors?.join(" ")}</FieldError>
      <Popover
        style={{ zIndex: 5000 }}
        className="w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <ListBox
          className="max-h-64 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
              {results.isFetching || search !== text.trim() ? "Searching..." : "No matching properties"}
            </p>
          )}
        >
          {(item: (typeof items)[number]) => (
            <ListBoxItem
              id={item.id}
              textValue={item.name}
              className="cursor-default px-3 py-1.5 text-sm outline-none focus:bg-brand-50 dark:focus:bg-slate-800"
            >
              <span className="block font-medium">{item.name}</span>
              {item.address ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {item.address.address_line_1}, {item.address.city}, {item.address.state_code}
                </span>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
