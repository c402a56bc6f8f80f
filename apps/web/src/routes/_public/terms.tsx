import { createFileRoute, Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/terms")({
  staticData: { serverRender: true },
  component: TermsPage,
});

/** Written for any installation: Keyholder is open source, and whoever runs an instance operates it. */
const LAST_UPDATED = "November 23, 2026";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 space-y-2 text-sm leading-6 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

function TermsPage() {
  useDocumentTitle("Terms of service");
  return (
    <AuthCard title="Terms of Service" wide>
      <p className="text-sm text-slate-600 dark:text-slate-400">Last updated {LAST_UPDATED}</p>
      <p className="mt-4 text-sm leading-6 text-slate-700 dark:text-slate-300">
        These terms are the agreement between you and the operator of this Keyholder service. They are written in plain
        language; please read them before you create an account. By creating an account or using the service you agree
        to them.
      </p>

      <Section title="1. Who runs this service">
        <p>
          Keyholder is open-source property-management software. Anyone may install and run their own copy (an
          "instance"). This instance is run by its operator: the company or person who installed it and invites
          organizations onto it. The operator, not the authors of the Keyholder software, provides this service to you
          and is responsible for it, for the computers it runs on and for the data stored in it.
        </p>
        <p>
          If you have a question about your account, your data or these terms, contact the operator of this instance,
          for example through the person who gave you its address or by replying to an email it sent you.
        </p>
      </Section>

      <Section title="2. Your account">
        <ul className="list-disc space-y-1 pl-5">
          <li>Give true details when you sign up, and keep them up to date.</li>
          <li>
            Keep your password to yourself. You are responsible for what is done with your account. If you think someone
            else has used it, change your password and end your other sessions in Settings.
          </li>
          <li>
            The person who creates an organization's account is its administrator. Administrators decide who from their
            organization may join (staff join only by invitation) and can remove them.
          </li>
          <li>New organizations may be reviewed before they can use the service.</li>
        </ul>
      </Section>

      <Section title="3. Acceptable use">
        <p>Use the service only for lawful property management. In particular, do not:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>try to reach another organization's data, or get around any security or access limit;</li>
          <li>upload malware, or content you have no right to share;</li>
          <li>
            use it to discriminate against tenants or applicants, or otherwise break housing, consumer or privacy law;
          </li>
          <li>send spam, or overload the service (for example with automated requests beyond normal use).</li>
        </ul>
        <p>
          The operator may suspend an account that breaks these rules, and will tell you why when it is safe to do so.
        </p>
      </Section>

      <Section title="4. Your data belongs to your organization">
        <p>
          The records your organization enters (properties, buildings, units, floor plans, staff, tenants and the like)
          belong to your organization. The operator stores and processes them only to provide the service to you, and
          does not sell them or use them for advertising.
        </p>
        <p>
          You can export your tables at any time (as CSV files). When your organization closes its account, the operator
          deletes its data within a reasonable time, except what the law requires it to keep.
        </p>
        <p>
          If you store information about other people, such as tenants, applicants or staff, you are responsible for
          having the right to do so and for telling them how you use it.
        </p>
      </Section>

      <Section title="5. Privacy">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            We keep what you give us (your name, email, phone, company details) and what you enter into the service.
          </li>
          <li>
            To keep your account safe we record your sessions: when you logged in, the browser you used and its internet
            address. You can see and end them in Settings.
          </li>
          <li>One cookie keeps you logged in. There are no advertising or tracking cookies.</li>
          <li>
            We email you about your account (for example a password reset). Product news only reaches you if you asked
            for it when you signed up, and you can stop it at any time.
          </li>
        </ul>
      </Section>

      <Section title="6. No warranty">
        <p>
          The software is provided "as is" under its open-source license, without warranty of any kind. The operator
          works to keep the service available and your data safe, but cannot promise that it will always be available,
          error-free or that data will never be lost. Keep your own copies of records that matter to you.
        </p>
        <p>
          As far as the law allows, neither the operator nor the authors of the software are liable for indirect or
          consequential losses, such as lost profits, arising from the use of the service.
        </p>
      </Section>

      <Section title="7. Changes to these terms">
        <p>
          The operator may update these terms, for example when the service changes. The date at the top shows the
          latest version. For a change that matters, you will be told by email or in the app before it takes effect. If
          you do not agree with a change, you can stop using the service and export your data first.
        </p>
      </Section>

      <Section title="8. The software license">
        <p>
          The Keyholder software itself is open source. Its license, which comes with the source code, governs how you
          may copy, change and run the software. These terms govern only your use of this service.
        </p>
      </Section>

      <p className="mt-8 text-sm">
        <Link to="/sign-up" className="font-semibold text-brand-700 underline dark:text-brand-100">
          Back to sign up
        </Link>
      </p>
    </AuthCard>
  );
}
