import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import type { GetStartedStep } from "../get-started-steps.ts";

/** The checklist itself: each step ticked from real data, with a way to it where the screen exists. */
export function GetStartedChecklist({
  steps,
  onOpen,
  onDismiss,
}: {
  steps: GetStartedStep[];
  onOpen(place: NonNullable<GetStartedStep["opens"]>): void;
  onDismiss(): void;
}) {
  const titleId = useId();
  const done = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto w-full max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Get started
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {done} of {steps.length} done
          </p>
        </div>
        <Button variant="ghost" className="px-2.5 py-1.5" onPress={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ol className="mt-4 flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-3">
            <StepMark done={step.done} />
            <div className="min-w-0 flex-1 text-sm">
              {step.opens && !step.done ? (
                <button
                  type="button"
                  onClick={() => step.opens && onOpen(step.opens)}
                  className="rounded text-left font-semibold text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-100"
                >
                  {step.title}
                </button>
              ) : (
                <span className="font-semibold">{step.title}</span>
              )}
              <span className={step.done ? "ml-2 font-medium text-emerald-700 dark:text-emerald-300" : "sr-only"}>
                {step.done ? "Done" : "Not done yet"}
              </span>
              <p className="text-slate-600 dark:text-slate-300">{step.done ? step.progress : step.about}</p>
              {!step.done && step.needsFirst ? (
                <p className="text-slate-600 dark:text-slate-300">{step.needsFirst}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepMark({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${
        done ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-400 dark:border-slate-500"
      }`}
    >
      {done ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5 fill-none stroke-current" strokeWidth="3">
          <path d="M5 12l5 5L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : null}
    </span>
  );
}
