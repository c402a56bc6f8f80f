import { useRef, useState } from "react";
import type { z } from "zod";
import { saveFailure, zodFieldErrors } from "../../lib/form-errors.ts";
import { useForm } from "../../lib/use-form.ts";
import type { SavedRecord } from "./types.ts";

/**
 * A record form (add and edit dialogs) on the app's form pattern: the values as typed are checked
 * with the same zod schema the server uses (its typed-text variant), then saved; the server's field
 * messages go under their inputs, any other failure above the form, with the dialog kept open.
 * With `another`, the form can also save and stay for the next record (Save and add another).
 */
export function useRecordSave<V extends object, S extends z.ZodType>(o: {
  initialValues: V;
  schema: S;
  /** The values as the schema reads them (e.g. a picked property as its id). */
  toInput(values: V): z.input<S>;
  /** Saves, answering the saved record's row id and name (for the toast and the row to show). */
  save(data: z.output<S>): Promise<SavedRecord>;
  fallback: string;
  onSaved(saved: SavedRecord): void;
  /** Save and add another: told of the save; the form starts again from `next(values saved)`. */
  another?: { onSaved(saved: SavedRecord): void; next(values: V): V } | undefined;
}) {
  const form = useForm<V>({
    initialValues: o.initialValues,
    validate: (values) => {
      const parsed = o.schema.safeParse(o.toInput(values));
      return parsed.success ? {} : zodFieldErrors(parsed.error);
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set by Save and add another just before it submits the form.
  const staying = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const save = async (values: V, stay: boolean) => {
    const parsed = o.schema.safeParse(o.toInput(values));
    if (!parsed.success) return;
    setFailure(null);
    setSaving(true);
    try {
      const saved = await o.save(parsed.data);
      if (stay && o.another) {
        form.reset(o.another.next(values));
        setSaving(false);
        o.another.onSaved(saved);
      } else o.onSaved(saved);
    } catch (err) {
      const f = saveFailure(err, o.fallback);
      form.setServerErrors(f.fields);
      // Said once: under the fields it is about, above the form only when none of them is in it.
      setFailure(Object.keys(f.fields).some((field) => field in values) ? null : f.message);
      setSaving(false);
    }
  };
  const submit = (e?: Parameters<ReturnType<typeof form.handleSubmit>>[0]) => {
    const stay = staying.current;
    staying.current = false;
    form.handleSubmit((values) => void save(values, stay))(e);
  };
  /** Save and add another: submits the form (its checks and messages as for Create), then stays. */
  const submitAnother = () => {
    staying.current = true;
    formRef.current?.requestSubmit();
  };
  return { form, failure, saving, submit, submitAnother, formRef };
}
