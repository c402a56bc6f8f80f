import { useId } from "react";
import { descriptionClass, errorClass, inputClass, labelClass } from "./field-styles.ts";

export interface SelectOption {
  value: string;
  label: string;
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
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
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
