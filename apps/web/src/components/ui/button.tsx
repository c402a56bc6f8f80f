import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from "react-aria-components";

// Each "off" look is written for both :disabled and aria-disabled (a focusable disabled submit button).
const variants = {
  primary:
    "bg-brand-700 text-white hover:bg-brand-800 pressed:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600 aria-disabled:bg-slate-300 aria-disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300 dark:aria-disabled:bg-slate-700 dark:aria-disabled:text-slate-300",
  secondary:
    "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-500 aria-disabled:text-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700 dark:disabled:text-slate-400 dark:aria-disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 aria-disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
} as const;

export interface ButtonProps extends AriaButtonProps {
  variant?: keyof typeof variants;
}

/**
 * The app's button: react-aria handles press, keyboard and focus-visible consistently.
 *
 * A submit button is a native one: unavailable (disabled, or busy saving) it stays focusable
 * (issue 10, item 17) with aria-disabled, so a keyboard or screen-reader user can reach it and hear
 * what is missing, and its cancelled click also cancels Enter's implicit submission. react-aria's
 * pending state would do the same, but it announces the button by id when the state changes, and
 * after a successful submit unmounts the form that announcement points at nothing.
 */
export function Button({ variant = "primary", className, isDisabled, isPending, ...props }: ButtonProps) {
  const classes = (extra?: string) =>
    `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed dark:focus-visible:ring-offset-slate-900 ${variants[variant]} ${extra ?? ""}`;
  if (props.type === "submit") {
    const unavailable = Boolean(isDisabled || isPending);
    return (
      <button
        type="submit"
        id={props.id}
        aria-label={props["aria-label"]}
        aria-describedby={props["aria-describedby"]}
        aria-disabled={unavailable || undefined}
        aria-busy={isPending || undefined}
        onClick={(e) => {
          if (unavailable) e.preventDefault();
        }}
        className={classes(typeof className === "string" ? className : undefined)}
      >
        {typeof props.children === "function" ? null : props.children}
      </button>
    );
  }
  return (
    <AriaButton
      {...props}
      isDisabled={isDisabled}
      isPending={isPending}
      className={composeRenderProps(className, (extra) => classes(extra))}
    />
  );
}
