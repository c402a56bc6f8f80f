import { applicationMessages } from "@keyholder/contracts/applications";
import { type PublicPropertyDetails, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useDocumentTitle, usePageMeta } from "../../../lib/document-title.ts";
import { applicationDraftQuery } from "../api/get-application-draft.ts";
import { publicPropertyQuery } from "../api/get-public-property.ts";
import { publicLinkClass } from "../utils/link-class.ts";
import { applyPageMeta } from "../utils/listing-meta.ts";
import { ApplicationForm } from "./application-form.tsx";

/**
 * /properties/{slug}/apply: the application form for a listed property (spec accounts 2: Full Name,
 * Email, Phone Number, Submit Application), resumed from an emailed draft link with ?resume=.
 */
export function ApplyPage({ slug, resume }: { slug: string; resume: string | undefined }) {
  const property = useQuery(publicPropertyQuery(slug));
  const draft = useQuery({ ...applicationDraftQuery(resume ?? ""), enabled: resume !== undefined });
  useDocumentTitle(property.data ? `Apply to ${property.data.name}` : "Apply");
  usePageMeta(property.data ? applyPageMeta(property.data) : undefined);

  if (property.isPending || (resume !== undefined && draft.isPending)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the application" className="scale-150" />
      </div>
    );
  }
  if (property.isError || !property.data) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">
          {property.isError ? "Error loading property" : publicPropertyMessages.propertyNotFound}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          {property.isError ? property.error.message : applicationMessages.propertyNotFound}.
        </p>
        <p className="mt-6">
          <Link to="/properties" className={publicLinkClass}>
            Find homes
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ApplyLayout property={property.data}>
      {draft.isError ? (
        <div className="mb-6">
          <Alert>{applicationMessages.draftNotFound}</Alert>
        </div>
      ) : null}
      <ApplicationForm
        // A resumed draft fills the form once it has arrived.
        key={draft.data ? "resumed" : "new"}
        slug={slug}
        property={property.data}
        draft={draft.data}
        resumeToken={draft.data ? resume : undefined}
      />
    </ApplyLayout>
  );
}

function ApplyLayout({ property, children }: { property: PublicPropertyDetails; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p>
        <Link to="/properties/$slug" params={{ slug: property.property_slug ?? "" }} className={publicLinkClass}>
          ← Back to {property.name}
        </Link>
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Apply to {property.name}</h1>
      {property.address ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {property.address.address_line_1}, {property.address.city}, {property.address.state.state_name}{" "}
          {property.address.zipcode}
        </p>
      ) : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
