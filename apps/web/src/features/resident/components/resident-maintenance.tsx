import { MAINTENANCE_CATEGORY_LABELS, MAINTENANCE_STATUS_LABELS } from "@keyholder/contracts/maintenance";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/format.ts";
import { residentRequestsQuery } from "../api/maintenance-requests.ts";
import { ReportProblemForm, type SentRequest } from "./report-problem-form.tsx";
import { useChosenLease } from "./use-chosen-lease.ts";

/** A local `YYYY-MM-DDTHH:mm` of the organization's time zone, as a resident reads it ("Thu, Dec 3, 9:00 AM"). */
export const localWhen = (local: string) =>
  new Date(`${local}:00Z`).toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

/** Maintenance: the resident's requests and where they stand, and "Report a problem". */
export function ResidentMaintenance() {
  const chosen = useChosenLease();
  const requests = useQuery(residentRequestsQuery(chosen));
  const [reporting, setReporting] = useState(false);
  const [sent, setSent] = useState<SentRequest | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Maintenance</h1>
        {reporting ? null : (
          <Button
            onPress={() => {
              setSent(null);
              setReporting(true);
            }}
          >
            Report a problem
          </Button>
        )}
      </div>
      {sent !== null ? (
        <Alert tone="success">
          Your request {sent.requestNo} was sent.{" "}
          <Link
            to="/resident/maintenance/$id"
            params={{ id: sent.id }}
            search={{ lease: chosen }}
            className="font-semibold underline"
          >
            Follow it
          </Link>
        </Alert>
      ) : null}
      {sent !== null && sent.failedPhotos.length > 0 ? (
        <Alert>These photos could not be added: {sent.failedPhotos.join(", ")}. Open the request to try again.</Alert>
      ) : null}
      {reporting ? (
        <section aria-labelledby="report-title" className={card}>
          <h2 id="report-title" className="mb-3 text-lg font-semibold">
            Report a problem
          </h2>
          <ReportProblemForm
            onSent={(request) => {
              setSent(request);
              setReporting(false);
            }}
            onCancel={() => setReporting(false)}
          />
        </section>
      ) : null}
      {requests.isPending ? <Spinner /> : null}
      {requests.isError ? <Alert>{requests.error.message}</Alert> : null}
      {requests.data?.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No requests yet. Report a problem when something needs fixing.
        </p>
      ) : null}
      <ul aria-label="Your requests" className="flex flex-col gap-3">
        {requests.data?.map((r) => (
          <li key={r.id} className={card}>
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold">
                <Link
                  to="/resident/maintenance/$id"
                  params={{ id: r.id }}
                  search={{ lease: chosen }}
                  className="underline-offset-2 hover:underline focus-visible:underline"
                >
                  {r.title}
                </Link>{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">#{r.request_no}</span>
              </h3>
              <Badge tone={r.status === "completed" ? "positive" : r.status === "canceled" ? "neutral" : "info"}>
                {MAINTENANCE_STATUS_LABELS[r.status]}
              </Badge>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {MAINTENANCE_CATEGORY_LABELS[r.category]} · reported {formatDate(r.created_date.slice(0, 10))} · due by{" "}
              {formatDate(r.due_on)}
              {r.scheduled_for ? ` · scheduled ${localWhen(r.scheduled_for)}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
