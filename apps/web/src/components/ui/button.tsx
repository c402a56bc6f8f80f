import type { ButtonHTMLAttributes } from "react";

// Each "off" look is written for both :disabled and aria-disabled (a focusable disabled submit button).
const variants = {
  primary:
    "bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600 aria-disabled:bg-slate-300 aria-disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300 dark:aria-disabled:bg-slate-700 dark:aria-disabled:text-slate-300",
  secondary:
    "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-500 aria-disabled:text-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700 dark:disabled:text-slate-400 dark:aria-disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 aria-disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
} as const;

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "disabled" | "onClick" | "type"> {
  variant?: keyof typeof variants;
  type?: "button" | "submit";
  onPress?: () => void;
  isDisabled?: boolean;
  /** Busy with what it started: still focusable and announced as busy, but not pressable again. */
  isPending?: boolean;
}

/**
 * The app's button, a native one (keyboard, focus-visible and form submission as the browser does
 * them; the public pages load nothing more for it).
 *
 * A submit button that is unavailable (disabled, or busy saving) stays focusable (issue 10,
 * item 17) with aria-disabled, so a keyboard or screen-reader user can reach it and hear what is
 * missing; its cancelled click also cancels Enter's implicit submission. Other buttons are disabled
 * outright when they do not apply.
 */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  isDisabled,
  isPending,
  onPress,
  ...props
}: ButtonProps) {
  const submit = type === "submit";
  const unavailable = Boolean(isDisabled || isPending);
  return (
    <button
      {...props}
      type={type}
      disabled={!submit && isDisabled ? true : undefined}
      aria-disabled={(submit ? unavailable : isPending) || undefined}
      aria-busy={isPending || undefined}
      onClick={(e) => {
        if (unavailable) {
          e.preventDefault();
          return;
        }
        onPress?.();
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed dark:focus-visible:ring-offset-slate-900 ${variants[variant]} ${className}`}
    />
  );
}
