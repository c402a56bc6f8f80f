import type { ReactNode } from "react";
import { TextField as AriaTextField, FieldError, Input, Label, Text, type TextFieldProps } from "react-aria-components";

export interface FieldProps extends Omit<TextFieldProps, "children"> {
  label: string;
  description?: ReactNode;
  /** Messages to show under the field; non-empty marks it invalid. */
  errors?: string[];
  placeholder?: string;
  /** Rendered inside the input's box, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode;
  onFocusChange?: (focused: boolean) => void;
}

/** Labelled text input; errors are announced through aria-describedby by react-aria. */
export function TextField({ label, description, errors, placeholder, trailing, ...props }: FieldProps) {
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <AriaTextField {...props} isInvalid={invalid} className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</Label>
      <div className="relative flex items-center">
        <Input
          placeholder={placeholder}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        {trailing ? <div className="absolute right-1">{trailing}</div> : null}
      </div>
      {description ? (
        <Text slot="description" className="text-xs text-slate-500 dark:text-slate-400">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-xs text-red-600 dark:text-red-400">
        {invalid ? (
          <ul className="list-none">
            {errors?.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </FieldError>
    </AriaTextField>
  );
}
