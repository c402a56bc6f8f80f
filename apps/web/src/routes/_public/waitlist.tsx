import { createFileRoute } from "@tanstack/react-router";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/waitlist")({
  staticData: { serverRender: true },
  component: WaitlistPage,
});

const steps = [
  ["Review application", "Our team reviews your organization's details, usually within one business day."],
  ["Email notification", "You receive an email as soon as a decision is made."],
  ["Start managing", "Log in and set up your properties, units and team."],
] as const;

const features = ["Property management", "Tenant portal", "Financial tracking", "Maintenance requests"];

function WaitlistPage() {
  useDocumentTitle("You're on the waitlist");
  return (
    <AuthCard title="You're on the Waitlist!">
      <p className="text-slate-600 dark:text-slate-300">Thanks for signing up. Your account is waiting for review.</p>
      <h2 className="mt-6 font-semibold">What happens next</h2>
      <ol className="mt-3 space-y-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
              {i + 1}
            </span>
            <span>
              <span className="block font-medium">{title}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{text}</span>
            </span>
          </li>
        ))}
      </ol>
      <h2 className="mt-6 font-semibold">What you'll get</h2>
      <ul className="mt-2 grid grid-cols-2 gap-2 text-sm text-slate-700 dark:text-slate-300">
        {features.map((f) => (
          <li key={f} className="flex items-center gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Questions?{" "}
        <a
          href="mailto:support@keyholder.local"
          className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          Contact support
        </a>
      </p>
    </AuthCard>
  );
}
