import { type HTMLAttributes, type ReactNode, useId } from "react";
import { descriptionClass, errorClass, inputClass, labelClass } from "./field-styles.ts";

export interface FieldProps {
  label: string;
  description?: ReactNode;
  /** Messages to show under the field; non-empty marks it invalid. */
  errors?: string[] | undefined;
  placeholder?: string;
  /** Rendered inside the input's box, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode;
  /** A multi-line text area of this many rows instead of a one-line input. */
  rows?: number;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  onFocusChange?: (focused: boolean) => void;
  id?: string;
  name?: string;
  /** Days are the DatePicker's (date-picker.tsx), never a native date input. */
  type?: "text" | "email" | "password" | "tel" | "search" | "url";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  autoFocus?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
}

/**
 * Labelled text input. Its errors (right under the input, then the description) are tied to it with
 * aria-describedby and announced with it; aria-invalid marks it. The app checks values itself
 * (lib/use-form), so the browser's own validation stays out (aria-required, never `required`).
 * Plain elements rather than react-aria's field: the public pages use it and load no more than this.
 */
export function TextField({
  label,
  description,
  errors,
  trailing,
  rows,
  onChange,
  onFocusChange,
  onBlur,
  isRequired,
  isDisabled,
  isReadOnly,
  id,
  ...native
}: FieldProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const errorId = `${ownId}-errors`;
  const descriptionId = `${ownId}-description`;
  const invalid = (errors?.length ?? 0) > 0;
  const describedBy = [invalid ? errorId : null, description ? descriptionId : null].filter(Boolean).join(" ");
  const shared = {
    ...native,
    id: inputId,
    disabled: isDisabled,
    readOnly: isReadOnly,
    "aria-required": isRequired || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
    "data-invalid": invalid || undefined,
    onFocus: () => onFocusChange?.(true),
    onBlur: () => {
      onFocusChange?.(false);
      onBlur?.();
    },
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div className="relative flex items-center">
        {rows ? (
          <textarea {...shared} rows={rows} onChange={(e) => onChange?.(e.target.value)} className={inputClass} />
        ) : (
          <input
            {...shared}
            onChange={(e) => onChange?.(e.target.value)}
            className={`${inputClass} ${trailing ? "pr-16" : ""}`}
          />
        )}
        {trailing ? <div className="absolute right-1">{trailing}</div> : null}
      </div>
      {invalid ? (
        <ul id={errorId} className={`list-none ${errorClass}`}>
          {errors?.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {description ? (
        <div id={descriptionId} className={descriptionClass}>
          {description}
        </div>
      ) : null}
    </div>
  );
}
