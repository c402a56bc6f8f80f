import {
  RELATED_ITEMS_ROW_HEIGHT_REM,
  RELATED_ITEMS_VISIBLE_ROWS,
  type RelatedItem,
  type RelatedItemSource,
  relatedItemMessages,
} from "@keyholder/contracts/related-items";
import { type ReactNode, type RefObject, useContext, useRef, useState } from "react";
import {
  Button,
  Collection,
  ComboBox,
  type ComboBoxState,
  ComboBoxStateContext,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxLoadMoreItem,
  Popover,
  Text,
} from "react-aria-components";
import { descriptionClass, errorClass, inputClass, labelClass } from "../ui/field-styles.ts";
import { relatedItemNoun } from "./get-related-items.ts";
import { useRelatedItems } from "./use-related-items.ts";

export interface RecordPickerProps {
  label: string;
  /** Which list it offers: the organization's properties, or the buildings, units... of one property or building. */
  source: RelatedItemSource;
  value: RelatedItem | null;
  onChange(value: RelatedItem | null): void;
  onBlur?(): void;
  /** The user typed in the box (a change of the field, even before anything is chosen). */
  onInputChange?(text: string): void;
  /** Messages to show under the field; non-empty marks it invalid. */
  errors?: string[] | undefined;
  description?: ReactNode;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Offers a "create" entry at the end of the list (spec records 2.4); called with the text typed. */
  onCreate?(text: string): void;
  /** The create entry's text; "Create {noun}" by default. */
  createLabel?: string;
  /** Accepted so a form's field props can be spread in; the chosen item travels through onChange. */
  name?: string;
}

const CREATE_KEY = "record-picker:create";
const STATUS_KEY = "record-picker:status";

type Entry =
  | { key: Key; kind: "item"; item: RelatedItem }
  | { key: Key; kind: "create"; text: string }
  | { key: Key; kind: "status"; text: string };

const rowStyle = { height: `${RELATED_ITEMS_ROW_HEIGHT_REM}rem` };
const listStyle = { maxHeight: `${RELATED_ITEMS_VISIBLE_ROWS * RELATED_ITEMS_ROW_HEIGHT_REM}rem` };
const rowClass =
  "flex shrink-0 cursor-default items-center gap-2 px-3 text-sm outline-none data-focused:bg-brand-50 data-disabled:cursor-default data-disabled:text-slate-600 dark:data-focused:bg-slate-800 dark:data-disabled:text-slate-400";

/** Hands the combo box's state out, so choosing the create entry can close the list. */
function StateRef({ into }: { into: RefObject<ComboBoxState<Entry> | null> }) {
  into.current = useContext(ComboBoxStateContext);
  return null;
}

/**
 * The one dropdown that chooses a record (issue 12, item 4): a property, or a building, floor
 * plan, unit or zone of one property or building. Type to search (100 ms after typing stops, on
 * the server, anywhere in the name); the next page of 50 loads as the list scrolls to its end;
 * ten rows show at a time. It takes value/onChange/onBlur/errors like TextField (decision 011).
 */
export function RecordPicker({
  label,
  source,
  value,
  onChange,
  onBlur,
  onInputChange,
  errors,
  description,
  placeholder,
  isRequired,
  isDisabled,
  autoFocus,
  onCreate,
  createLabel,
}: RecordPickerProps) {
  const [text, setText] = useState(value?.value ?? "");
  // A value set from outside (a reset, a record loaded) shows as the text.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value?.value ?? "");
  }
  const [wanted, setWanted] = useState(false);
  const state = useRef<ComboBoxState<Entry> | null>(null);
  // The chosen item's own text searches nothing: opening the list then shows every item.
  const searchTerm = value && text === value.value ? "" : text.trim();
  const list = useRelatedItems(source, searchTerm, wanted);

  const byKey = new Map<Key, RelatedItem>(list.items.map((item) => [item.id, item]));
  if (value && !byKey.has(value.id)) byKey.set(value.id, value);
  const entries: Entry[] = list.items.map((item) => ({ key: item.id, kind: "item", item }));
  const status = !wanted
    ? null
    : list.failed
      ? relatedItemMessages.loadFailed
      : !list.searching && list.items.length === 0
        ? relatedItemMessages.noMatches
        : null;
  if (status) entries.push({ key: STATUS_KEY, kind: "status", text: status });
  if (onCreate) {
    entries.push({ key: CREATE_KEY, kind: "create", text: createLabel ?? `Create ${relatedItemNoun(source)}` });
  }

  const choose = (key: Key | null) => {
    if (key === CREATE_KEY) {
      // Nothing is chosen: the list closes with the box as it was before the search.
      state.current?.close();
      setText(value?.value ?? "");
      onCreate?.(searchTerm);
      return;
    }
    const item = key === null ? undefined : byKey.get(key);
    if (item && (item.id !== value?.id || text.trim())) {
      if (item.id !== value?.id) onChange(item);
      setText(item.value);
      return;
    }
    // Left without choosing (react-aria also reports the chosen item as none when it is not among
    // the items loaded): an emptied box chooses nothing; typed text goes back to the chosen item.
    if (text.trim()) {
      setText(value?.value ?? "");
    } else {
      if (value) onChange(null);
      setText("");
    }
  };

  const invalid = (errors?.length ?? 0) > 0;
  return (
    <ComboBox
      className="flex flex-col gap-1"
      items={entries}
      inputValue={text}
      onInputChange={(t) => {
        if (t === text) return;
        setText(t);
        onInputChange?.(t);
        // An emptied box has nothing chosen, as the user sees it.
        if (!t.trim() && value) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={choose}
      disabledKeys={[STATUS_KEY]}
      onOpenChange={(open) => {
        if (open) setWanted(true);
      }}
      onBlur={onBlur}
      // Opens while the first page loads, so the items show when they arrive.
      allowsEmptyCollection
      isInvalid={invalid}
      isRequired={isRequired}
      isDisabled={isDisabled}
      autoFocus={autoFocus}
      validationBehavior="aria"
    >
      <StateRef into={state} />
      <Label className={labelClass}>{label}</Label>
      <div className="relative flex items-center">
        <Input
          placeholder={placeholder ?? `Type to search, or choose a ${relatedItemNoun(source)}`}
          className={`${inputClass} pr-9`}
        />
        <Button className="absolute right-1 rounded px-2 text-slate-600 dark:text-slate-300">▾</Button>
      </div>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{errors?.join(" ")}</FieldError>
      <Popover
        style={{ zIndex: 5000 }}
        className="w-(--trigger-width) rounded-lg border border-slate-200 bg-white py-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <ListBox className="flex flex-col overflow-auto outline-none" style={listStyle}>
          <Collection items={entries}>
            {(entry: Entry) =>
              entry.kind === "item" ? (
                <ListBoxItem id={entry.key} textValue={entry.item.value} className={rowClass} style={rowStyle}>
                  {({ isSelected }) => (
                    <>
                      <span className="min-w-0 flex-1 truncate" title={entry.item.value}>
                        {entry.item.value}
                      </span>
                      {isSelected ? <span aria-hidden="true">✓</span> : null}
                    </>
                  )}
                </ListBoxItem>
              ) : (
                <ListBoxItem
                  id={entry.key}
                  textValue={entry.text}
                  className={`${rowClass} ${entry.kind === "create" ? "font-medium text-brand-700 dark:text-brand-300" : ""}`}
                  style={rowStyle}
                >
                  {entry.kind === "create" ? `+ ${entry.text}` : entry.text}
                </ListBoxItem>
              )
            }
          </Collection>
          <ListBoxLoadMoreItem
            onLoadMore={list.loadMore}
            isLoading={list.searching || list.loadingMore}
            className={rowClass}
            style={rowStyle}
          >
            {relatedItemMessages.searching}
          </ListBoxLoadMoreItem>
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
