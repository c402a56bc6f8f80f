import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, saveFailure, zodFieldErrors } from "./form-errors.ts";

/** What was typed, as the contract reads it: a zod safeParse, or messages found before it ran. */
export type Checked<T> =
  | { success: true; data: T }
  | { success: false; error: z.ZodError }
  | { success: false; fields: FieldErrors };

/**
 * A form that does one thing on a record (move in, record a notice, post a payment...), shown in
 * place of its view: what was typed is checked with the contract's schema, then sent once; the
 * server's field messages go under their inputs and any other failure above the form. It stays
 * busy after a success, since the form then gives way to what it did.
 */
export function useActionForm<T>(o: {
  check(): Checked<T>;
  send(data: T): Promise<void>;
  /** Said above the form when a failure names no field. */
  fallback: string;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = o.check();
    if (!checked.success) return setErrors("error" in checked ? zodFieldErrors(checked.error) : checked.fields);
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await o.send(checked.data);
    } catch (err) {
      const f = saveFailure(err, o.fallback);
      setErrors(f.fields);
      // Said once: under the fields it is about, above the form only when it names none.
      setFailure(Object.keys(f.fields).length ? null : f.message);
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  return { errors, failure, busy, onSubmit };
}

/** What a form shown in place of a record's view is told: done (with what to say of it), or cancelled. */
export interface ActionFormProps {
  onDone(message: string): void;
  onCancel(): void;
}
