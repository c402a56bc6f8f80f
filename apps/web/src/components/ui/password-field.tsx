import { useState } from "react";
import { Button } from "react-aria-components";
import { type FieldProps, TextField } from "./text-field.tsx";

/** A password input with a show/hide toggle (the toggle says what it will do). */
export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <Button
          onPress={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          className="rounded px-2 py-1 text-xs font-semibold text-slate-600 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {visible ? "Hide" : "Show"}
        </Button>
      }
    />
  );
}
