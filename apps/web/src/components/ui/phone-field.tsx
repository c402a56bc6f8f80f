import { formatPhone } from "@keyholder/contracts/auth";
import { type FieldProps, TextField } from "./text-field.tsx";

/** A phone number as the spec formats it while typing: (XXX) XXX-XXXX, ten digits at most. */
export function PhoneField({ onChange, ...props }: Omit<FieldProps, "type"> & { onChange(value: string): void }) {
  return <TextField type="tel" autoComplete="tel-national" {...props} onChange={(v) => onChange(formatPhone(v))} />;
}
