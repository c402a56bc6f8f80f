import { useId } from "react";
import { errorClass, inputClass, labelClass } from "./field-styles.ts";

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
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  options: SelectOption[];
  errors?: string[] | undefined;
}) {
  const id = useId();
  const invalid = (errors?.length ?? 0) > 0;
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
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={inputClass}
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
    </div>
  );
}
