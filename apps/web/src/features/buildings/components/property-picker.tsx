import { SEARCH_DEBOUNCE_MS } from "@keyholder/contracts/property-search";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { findProperties } from "../api/find-properties.ts";

export interface PickedProperty {
  id: string;
  name: string;
}

/** Choose one of the organization's properties by typing part of its name or address. */
export function PropertyPicker({
  value,
  onChange,
  errors,
  isReadOnly,
}: {
  value: PickedProperty | null;
  onChange(value: PickedProperty | null): void;
  errors?: string[];
  isReadOnly?: boolean;
}) {
  const [text, setText] = useState(value?.name ?? "");
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = search.length > 0 && search !== value?.name;
  const results = useQuery({
    queryKey: ["building-form-properties", search],
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
      onInputChange={setText}
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
      isReadOnly={isReadOnly}
      isRequired
    >
      <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">Property</Label>
      <div className="relative flex items-center">
        <Input
          placeholder="Type to search your properties"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 pr-9 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900"
        />
        <Button aria-label="Show properties" className="absolute right-1 rounded px-2 text-slate-500">
          ▾
        </Button>
      </div>
      {results.isFetching ? (
        <Text slot="description" className="text-xs text-slate-500">
          Searching...
        </Text>
      ) : null}
      <FieldError className="text-xs text-red-600 dark:text-red-400">{errors?.join(" ")}</FieldError>
      <Popover
        style={{ zIndex: 5000 }}
        className="w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <ListBox
          className="max-h-64 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-slate-500">
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
                <span className="block text-xs text-slate-500">
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
