import { type FormEvent, useRef, useState } from "react";
import type { FieldErrors } from "./form-errors.ts";
import { sameValues, useUnsavedChanges } from "./unsaved-changes.ts";

/**
 * The one form pattern of the app (issue 10, bug 5). A field's problems are shown once the user
 * leaves it having changed it, or tries to submit; from then on they follow every change, so a
 * message goes as soon as the value is right. A server's message for a field stays until that
 * field is edited. Values that differ from the ones it started with (or was last reset to) are
 * unsaved changes: a dialog around the form asks before they are thrown away.
 */
export interface UseFormOptions<V> {
  initialValues: V;
  /** Every problem of the values as they are now, by field; the hook decides which are shown. */
  validate(values: V): FieldErrors;
}

const isBlank = (value: unknown) =>
  value === "" ||
  value === null ||
  value === undefined ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "string" && value.trim() === "");

export function useForm<V extends object>({ initialValues, validate }: UseFormOptions<V>) {
  type Field = keyof V & string;
  const [values, setValues] = useState(initialValues);
  // What "unchanged" is: the values the form started with, or was last reset to.
  const [start, setStart] = useState(initialValues);
  const unsaved = !sameValues(values, start);
  useUnsavedChanges(unsaved);
  // Which fields the user changed decides nothing on screen by itself, so it is not state.
  const changed = useRef(new Set<Field>());
  const [shown, setShown] = useState<ReadonlySet<Field>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // Computed on first use in a render, so `validate` may read what the component sets up after
  // this hook (e.g. an availability check that watches the values).
  let checked: FieldErrors | undefined;
  const problems = () => {
    checked ??= validate(values);
    return checked;
  };
  const all = Object.keys(values) as Field[];
  const add = (set: ReadonlySet<Field>, fields: Field[]) =>
    fields.every((f) => set.has(f)) ? set : new Set([...set, ...fields]);

  /** Marks a field as changed without a new value (e.g. text typed into a picker). */
  const touch = (field: Field) => {
    changed.current.add(field);
  };
  const setValue = <K extends Field>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    touch(field);
    // The server's messages about this field, and about anything inside it, go with the edit.
    setServerErrors((e) => {
      const kept = Object.entries(e).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept);
    });
  };
  /** The user left the field: its problems show if they changed it. */
  const leave = (field: Field) => {
    if (changed.current.has(field)) setShown((s) => add(s, [field]));
  };
  /** Shows the problems of these fields (all by default), as a submit does. */
  const reveal = (fields: Field[] = all) => setShown((s) => add(s, fields));

  const errorsOf = (field: Field): string[] | undefined => {
    const server = serverErrors[field];
    if (server?.length) return server;
    const own = problems()[field];
    return shown.has(field) && own?.length ? own : undefined;
  };
  /** The problems inside a field holding a structure (a week of opening hours), by path below it ("1.endTime"). */
  const nestedErrorsOf = (field: Field): FieldErrors => {
    const prefix = `${field}.`;
    const below = (all: FieldErrors) =>
      Object.fromEntries(
        Object.entries(all)
          .filter(([key, messages]) => key.startsWith(prefix) && messages?.length)
          .map(([key, messages]) => [key.slice(prefix.length), messages]),
      );
    const server = below(serverErrors);
    if (Object.keys(server).length) return server;
    return shown.has(field) ? below(problems()) : {};
  };
  const isValid = (fields: Field[] = all) =>
    fields.every((f) => !problems()[f]?.length && !Object.keys(problems()).some((k) => k.startsWith(`${f}.`)));
  /** What keeps these fields from being valid: the empty ones and the wrongly filled ones. */
  const incomplete = <K extends Field>(fields: K[] = all as K[]) => {
    const open = fields.filter((f) => problems()[f]?.length);
    return { empty: open.filter((f) => isBlank(values[f])), wrong: open.filter((f) => !isBlank(values[f])) };
  };

  /**
   * A submit handler: shows the problems of `fields` (all by default) and calls `onValid` only when
   * there are none; otherwise focus goes to the first field marked invalid, where the message is.
   */
  const handleSubmit =
    (onValid: (values: V) => void, fields: Field[] = all) =>
    (e?: FormEvent<HTMLFormElement>) => {
      e?.preventDefault();
      reveal(fields);
      if (isValid(fields)) {
        onValid(values);
        return;
      }
      const form = e?.currentTarget;
      // After the render that marks the fields invalid.
      if (form) setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    };

  /** The props a field component takes: value, onChange, onBlur and the errors to show. */
  const field = <K extends Field>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: V[K]) => setValue(name, value),
    onBlur: () => leave(name),
    errors: errorsOf(name),
  });

  const reset = (next: V = initialValues) => {
    setValues(next);
    setStart(next);
    changed.current = new Set();
    setShown(new Set());
    setServerErrors({});
  };

  return {
    values,
    /** The values differ from those the form started with (or was last reset to). */
    unsaved,
    setValue,
    touch,
    leave,
    reveal,
    errorsOf,
    nestedErrorsOf,
    isValid,
    incomplete,
    handleSubmit,
    field,
    reset,
    setServerErrors,
  };
}

export type Form<V extends object> = ReturnType<typeof useForm<V>>;
