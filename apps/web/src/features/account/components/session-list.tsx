import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { endOtherSessions, endSession, sessionsQuery } from "../api/sessions.ts";

/** A readable browser name from a user-agent string. */
export function browserName(ua: string | null) {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

export function SessionList() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const endOne = useMutation({ mutationFn: endSession, onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: refresh });
  if (query.isPending) return <Spinner label="Loading sessions" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const others = query.data.sessions.filter((s) => !s.current);
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {query.data.sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              <span className="font-medium">{browserName(s.user_agent)}</span>
              {s.current ? (
                <span className="ml-2 rounded bg-brand-100 px-1.5 text-xs text-brand-800">This browser</span>
              ) : null}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                Last seen {new Date(s.last_seen_at).toLocaleString("en-US")}
                {s.ip ? ` · ${s.ip}` : ""}
              </span>
            </span>
            {s.current ? null : (
              <Button variant="secondary" onPress={() => endOne.mutate(s.id)} isDisabled={endOne.isPending}>
                End
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          onPress={() => endOthers.mutate()}
          isDisabled={endOthers.isPending}
          className="self-start"
        >
          Log Out All Other Sessions
        </Button>
      ) : null}
    </div>
  );
}
