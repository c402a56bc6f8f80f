import { type ReactNode, useId } from "react";
import { Switch as AriaSwitch, type SwitchProps } from "react-aria-components";

/** An on/off setting that takes effect as a whole (react-aria's switch: role=switch, Space toggles it). */
export function Switch({ children, ...props }: Omit<SwitchProps, "children"> & { children: ReactNode }) {
  return (
    <AriaSwitch
      {...props}
      className="group flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800 outline-none data-disabled:cursor-not-allowed dark:text-slate-100"
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={`flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition-colors group-data-disabled:opacity-50 group-focus-visible:ring-2 group-focus-visible:ring-brand-500 group-focus-visible:ring-offset-2 dark:group-focus-visible:ring-offset-slate-900 ${
              isSelected
                ? "bg-brand-700"
                : "bg-slate-400 group-data-disabled:bg-slate-300 dark:bg-slate-600 dark:group-data-disabled:bg-slate-700"
            }`}
          >
            <span
              className={`h-5 w-5 rounded-full bg-white shadow transition-transform ${isSelected ? "translate-x-5" : ""}`}
            />
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaSwitch>
  );
}

/**
 * A switch with what it means beneath it (read with it by screen readers) and its errors: the
 * Active setting of an account, say.
 */
export function SwitchField({
  label,
  description,
  errors,
  ...props
}: Omit<SwitchProps, "children"> & { label: string; description: string; errors?: string[] | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Switch {...props} aria-describedby={`${id}-description`}>
        {label}
      </Switch>
      <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
        {description}
      </p>
      {errors?.length ? (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
