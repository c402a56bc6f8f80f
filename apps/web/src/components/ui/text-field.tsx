import type { ReactNode } from "react";
import {
  TextField as AriaTextField,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  type TextFieldProps,
} from "react-aria-components";
import { descriptionClass, errorClass, inputClass, labelClass } from "./field-styles.ts";

export interface FieldProps extends Omit<TextFieldProps, "children"> {
  label: string;
  description?: ReactNode;
  /** Messages to show under the field; non-empty marks it invalid. */
  errors?: string[] | undefined;
  placeholder?: string;
  /** Rendered inside the input's box, after the input (e.g. a show-password toggle). */
  trailing?: ReactNode;
  /** A multi-line text area of this many rows instead of a one-line input. */
  rows?: number;
  onFocusChange?: (focused: boolean) => void;
}

/**
 * Labelled text input; errors (right under the input, then the description) are announced through
 * aria-describedby by react-aria. The app checks
 * values itself (lib/use-form), so the browser's own validation is off ("aria" behaviour).
 */
export function TextField({ label, description, errors, placeholder, trailing, rows, ...props }: FieldProps) {
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <AriaTextField {...props} isInvalid={invalid} validationBehavior="aria" className="flex flex-col gap-1">
      <Label className={labelClass}>{label}</Label>
      <div className="relative flex items-center">
        {rows ? (
          <TextArea rows={rows} placeholder={placeholder} className={inputClass} />
        ) : (
          <Input placeholder={placeholder} className={`${inputClass} ${trailing ? "pr-16" : ""}`} />
        )}
        {trailing ? <div className="absolute right-1">{trailing}</div> : null}
      </div>
      <FieldError className={errorClass}>
        {invalid ? (
          <ul className="list-none">
            {errors?.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </FieldError>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
    </AriaTextField>
  );
}
