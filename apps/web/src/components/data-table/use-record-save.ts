import { useState } from "react";
import type { z } from "zod";
import { type FieldErrors, saveFailure, zodFieldErrors } from "../../lib/form-errors.ts";

/**
 * Saving a record form: checks the input with the same zod schema the server uses, then saves;
 * field messages go under their inputs and a failure above the form, with the dialog kept open.
 */
export function useRecordSave<S extends z.ZodType>(o: {
  schema: S;
  save(data: z.infer<S>): Promise<unknown>;
  fallback: string;
  onSaved(): void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (input: unknown) => {
    setFailure(null);
    const parsed = o.schema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await o.save(parsed.data);
      o.onSaved();
    } catch (err) {
      const f = saveFailure(err, o.fallback);
      setErrors(f.fields);
      setFailure(f.message);
      setSaving(false);
    }
  };
  return { errors, failure, saving, submit };
}
