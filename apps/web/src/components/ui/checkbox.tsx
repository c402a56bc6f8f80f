import type { ReactNode } from "react";
import { Checkbox as AriaCheckbox, type CheckboxProps } from "react-aria-components";

export function Checkbox({ children, ...props }: Omit<CheckboxProps, "children"> & { children: ReactNode }) {
  return (
    <AriaCheckbox
      {...props}
      // The app checks values itself (lib/use-form): no native required/:invalid.
      validationBehavior="aria"
      className="group flex cursor-pointer items-start gap-2 text-sm text-slate-700 outline-none dark:text-slate-200"
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={`mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded border group-focus-visible:ring-2 group-focus-visible:ring-brand-500 group-data-invalid:border-red-600 dark:group-data-invalid:border-red-400 ${
              isSelected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-500 bg-white dark:bg-slate-900"
            }`}
          >
            {isSelected ? "✓" : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
