import { type ApplicationReceipt, applicationMessages } from "@keyholder/contracts/applications";
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { publicLinkClass } from "../utils/link-class.ts";

/** What the applicant sees once the application is in. */
export function ApplicationConfirmation({ receipt, slug }: { receipt: ApplicationReceipt; slug: string }) {
  useDocumentTitle(applicationMessages.submitted);
  return (
    <section
      aria-labelledby="confirmation-heading"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-6 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <h2 id="confirmation-heading" tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        {applicationMessages.submitted}
      </h2>
      <p className="mt-3 text-slate-800 dark:text-slate-100">
        Thank you. {receipt.property_name ? `${receipt.property_name} has` : "The property has"} your application; its
        team will contact you at <strong>{receipt.email}</strong>.
      </p>
      <p className="mt-2 text-slate-800 dark:text-slate-100">
        Your reference: <strong className="font-mono tracking-wider">{receipt.reference}</strong>. We sent a
        confirmation email with it.
      </p>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/properties/$slug" params={{ slug }} className={publicLinkClass}>
          Back to the property
        </Link>
        <Link to="/properties" className={publicLinkClass}>
          Find more homes
        </Link>
      </p>
    </section>
  );
}
