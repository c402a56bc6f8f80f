import {
  type Availability,
  type FieldName,
  fieldLabels,
  fieldProblems,
  type SignUpValues,
  steps,
} from "../wizard-state.ts";

/**
 * The side checklist: every field of the wizard, ticked when valid, highlighted when focused. On a
 * narrow screen it folds into one progress line, so the step's first field stays above the fold.
 */
export function StepChecklist({
  values,
  availability,
  focused,
  currentStep,
}: {
  values: SignUpValues;
  availability: Availability;
  focused: FieldName | null;
  currentStep: number;
}) {
  const isValid = (field: FieldName) => fieldProblems(field, values, availability).length === 0;
  const stepFields = steps[currentStep]?.fields ?? [];
  const done = stepFields.filter(isValid).length;
  return (
    <>
      <div className="flex items-center gap-3 md:hidden">
        <ol aria-hidden="true" className="flex gap-1">
          {steps.map((step, i) => (
            <li
              key={step.id}
              className={`h-1.5 w-8 rounded-full ${i < currentStep ? "bg-emerald-600" : i === currentStep ? "bg-brand-700" : "bg-slate-300 dark:bg-slate-700"}`}
            />
          ))}
        </ol>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {done} of {stepFields.length} fields complete
        </p>
      </div>
      <nav aria-label="Sign-up progress" className="hidden flex-col gap-5 md:flex">
        {steps.map((step, i) => (
          <div key={step.id}>
            <p
              className={`text-xs font-semibold uppercase tracking-wide ${i === currentStep ? "text-brand-700 dark:text-brand-100" : "text-slate-600 dark:text-slate-400"}`}
              aria-current={i === currentStep ? "step" : undefined}
            >
              Step {i + 1}: {step.title}
            </p>
            <ul className="mt-2 flex flex-col gap-1.5">
              {step.fields.map((field) => {
                const valid = isValid(field);
                const isFocused = focused === field;
                return (
                  <li
                    key={field}
                    data-state={valid ? "valid" : isFocused ? "focused" : "pending"}
                    className={`flex items-center gap-2 rounded-md px-2 py-1 text-sm ${isFocused ? "bg-brand-50 font-medium text-brand-800 dark:bg-slate-800 dark:text-brand-100" : "text-slate-600 dark:text-slate-400"}`}
                  >
                    <span
                      aria-hidden="true"
                      className={`flex h-4 w-4 items-center justify-center rounded-full text-[10px] ${valid ? "bg-emerald-700 text-white" : "border border-slate-500"}`}
                    >
                      {valid ? "✓" : ""}
                    </span>
                    {fieldLabels[field]}
                    <span className="sr-only">{valid ? "(complete)" : "(incomplete)"}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}
