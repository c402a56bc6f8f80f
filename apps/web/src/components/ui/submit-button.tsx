import { type ReactNode, useId } from "react";
import { Button } from "./button.tsx";

/** "Fill in: Password, Confirm password. Correct: Email." from the labels of what is missing. */
export function missingText({ empty, wrong }: { empty: string[]; wrong: string[] }) {
  return [empty.length ? `Fill in: ${empty.join(", ")}.` : "", wrong.length ? `Correct: ${wrong.join(", ")}.` : ""]
    .filter(Boolean)
    .join(" ");
}

/**
 * A form's submit button that may be unavailable: it stays focusable and says why it is disabled,
 * in text next to it that also describes it for screen readers (issue 10, item 17).
 */
export function SubmitButton({
  children,
  isDisabled,
  isPending,
  reason,
}: {
  children: ReactNode;
  isDisabled?: boolean;
  isPending?: boolean;
  /** Why the button is disabled; shown only while it is. */
  reason?: string | null;
}) {
  const reasonId = useId();
  const why = isDisabled && !isPending && reason ? reason : null;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button type="submit" isDisabled={isDisabled} isPending={isPending} aria-describedby={why ? reasonId : undefined}>
        {children}
      </Button>
      {why ? (
        <p id={reasonId} className="max-w-xs text-right text-xs text-slate-600 dark:text-slate-400">
          {why}
        </p>
      ) : null}
    </div>
  );
}
