import { useId } from "react";
import { descriptionClass, errorClass, inputClass, labelClass } from "./field-styles.ts";

export interface SelectOption {
  value: string;
  label: string;
  /** Options with a group are listed under it (an optgroup), groups in the order they first appear. */
  group?: string;
}

const option = (o: SelectOption) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);

/** Consecutive options by group; ungrouped ones stand alone. */
function groupsOf(options: SelectOption[]): [string | undefined, SelectOption[]][] {
  const groups: [string | undefined, SelectOption[]][] = [];
  for (const o of options) {
    const last = groups.at(-1);
    if (last && o.group !== undefined && last[0] === o.group) last[1].push(o);
    else groups.push([o.group, [o]]);
  }
  return groups;
}

/** A labelled native select on the form pattern: errors under it, announced through aria-describedby. */
export function SelectField({
  label,
  value,
  onChange,
  onBlur,
  options,
  errors,
  description,
  isDisabled,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  options: SelectOption[];
  errors?: string[] | undefined;
  description?: string | undefined;
  /** Nothing to choose from yet (e.g. a building's zone before its property is chosen). */
  isDisabled?: boolean;
}) {
  const id = useId();
  const invalid = (errors?.length ?? 0) > 0;
  const describedBy = [invalid ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
        disabled={isDisabled}
        className={`${inputClass} disabled:opacity-60`}
      >
        {groupsOf(options).map(([group, items]) =>
          group ? (
            <optgroup key={group} label={group}>
              {items.map(option)}
            </optgroup>
          ) : (
            items.map(option)
          ),
        )}
      </select>
      {invalid ? (
        <p id={`${id}-error`} className={errorClass}>
          {errors?.join(" ")}
        </p>
      ) : null}
      {description ? (
        <p id={`${id}-description`} className={descriptionClass}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
