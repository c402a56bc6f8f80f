import { authMessages } from "@keyholder/contracts/auth";
import { DROPDOWN_SEARCH_DEBOUNCE_MS, PROPERTY_TYPE_LIST_HEIGHT_PX } from "@keyholder/contracts/property-types";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import {
  Button,
  Header,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  SearchField,
  type Selection,
} from "react-aria-components";
import { errorClass, inputClass, labelClass } from "../../../components/ui/field-styles.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { propertyTypesQuery } from "../../../lib/reference-data.ts";
import { groupPropertyTypes } from "../property-type-filter.ts";

export interface PropertyTypePickerProps {
  value: string[];
  onChange(value: string[]): void;
  errors?: string[] | undefined;
  onFocusChange?(focused: boolean): void;
  /** Focus left the picker (its search box and list). */
  onBlur?(): void;
}

/** Multi-select of property types grouped by category, with a search box and removable chips. */
export function PropertyTypePicker({ value, onChange, errors, onFocusChange, onBlur }: PropertyTypePickerProps) {
  const query = useQuery(propertyTypesQuery());
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const labelId = useId();
  const errorId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), DROPDOWN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const groups = groupPropertyTypes(query.data?.property_types ?? [], debounced);
  const invalid = (errors?.length ?? 0) > 0;

  return (
    <fieldset
      aria-labelledby={labelId}
      className="flex flex-col gap-2"
      onFocus={() => onFocusChange?.(true)}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        onFocusChange?.(false);
        onBlur?.();
      }}
    >
      <span id={labelId} className={labelClass}>
        Property type
      </span>
      {value.length > 0 ? (
        <ul aria-label="Selected property types" className="flex flex-wrap gap-1.5">
          {value.map((name) => (
            <li
              key={name}
              className="flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-3 text-xs font-medium text-brand-800"
            >
              {name}
              <Button
                aria-label={`Remove ${name}`}
                onPress={() => onChange(value.filter((v) => v !== name))}
                className="rounded-full px-1.5 outline-none hover:bg-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <SearchField value={search} onChange={setSearch} aria-label="Search property types">
        <Input placeholder="Search property types" className={inputClass} />
      </SearchField>
      {query.isPending ? (
        <Spinner label="Loading property types" />
      ) : query.isError ? (
        <p role="alert" className={errorClass}>
          {query.error.message}
        </p>
      ) : (
        <ListBox
          aria-labelledby={labelId}
          aria-describedby={invalid ? errorId : undefined}
          selectionMode="multiple"
          selectedKeys={new Set(value)}
          onSelectionChange={(keys: Selection) => {
            if (keys === "all") return;
            // Keep selections hidden by the current search.
            const visible = new Set(groups.flatMap((g) => g.types.map((t) => t.name)));
            const kept = value.filter((v) => !visible.has(v));
            onChange([...kept, ...[...keys].map(String)]);
          }}
          style={{ maxHeight: PROPERTY_TYPE_LIST_HEIGHT_PX }}
          className="overflow-y-auto rounded-lg border border-slate-300 bg-white p-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:bg-slate-900"
          renderEmptyState={() => (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-400">{authMessages.noMatchingItems}</p>
          )}
        >
          {groups.map((group) => (
            <ListBoxSection key={group.category} id={group.category}>
              <Header className="sticky top-0 bg-white px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-400">
                {group.category}
              </Header>
              {group.types.map((t) => (
                <ListBoxItem
                  key={t.name}
                  id={t.name}
                  textValue={t.name}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-slate-100 focus-visible:bg-slate-100 selected:font-semibold dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border text-[10px] ${isSelected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-500"}`}
                      >
                        {isSelected ? "✓" : ""}
                      </span>
                      <span>
                        {t.name}
                        <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                          {t.description}
                        </span>
                      </span>
                    </>
                  )}
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ))}
        </ListBox>
      )}
      {invalid ? (
        <p id={errorId} className={errorClass}>
          {errors?.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
