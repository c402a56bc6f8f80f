import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { outboxQuery } from "../api/get-outbox.ts";

export function OutboxList() {
  const query = useQuery(outboxQuery());
  if (query.isPending) return <Spinner label="Loading outbox" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  if (query.data.messages.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No mail sent yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {query.data.messages.map((m) => (
        <li key={m.id}>
          <details className="px-4 py-3">
            <summary className="cursor-pointer text-sm">
              <span className="font-medium">{m.subject}</span>{" "}
              <span className="text-slate-500 dark:text-slate-400">to {m.to_address}</span>{" "}
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {new Date(m.created_at).toLocaleString("en-US")} · {m.transport}
                {m.sent_at ? " · sent" : ""}
              </span>
            </summary>
            <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700 dark:text-slate-300">
              {m.text_body}
            </pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
