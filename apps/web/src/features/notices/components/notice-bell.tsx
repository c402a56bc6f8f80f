import { type Notice, noticeMessages } from "@keyholder/contracts/notices";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { refreshNotices } from "../../../lib/notices-query.ts";
import { noticesQuery } from "../api/get-notices.ts";
import { markAllNoticesRead, markNoticeRead } from "../api/mark-read.ts";
import { openSubject } from "../open-subject.ts";

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
/** "5 minutes ago", "yesterday": when a notice came, as people say it. */
function ago(iso: string, now = Date.now()) {
  const elapsed = new Date(iso).getTime() - now;
  for (const [unit, ms] of STEPS) {
    if (Math.abs(elapsed) >= ms) return relative.format(Math.round(elapsed / ms), unit);
  }
  return "just now";
}

/**
 * The bell in the workspace header (decision 025): how many notices the user has not read (in its
 * name, and as a badge), and a panel listing them; opening one marks it read and shows its record.
 * A screen reader hears when the count goes up while they work.
 */
export function NoticeBell() {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(noticesQuery);
  const unread = data?.unread_count ?? 0;
  const notices = data?.notices ?? [];
  const [announcement, setAnnouncement] = useState("");
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    if (seen.current !== null && data.unread_count > seen.current) {
      setAnnouncement(noticeMessages.buttonLabel(data.unread_count));
    }
    seen.current = data.unread_count;
  }, [data]);

  const open = (notice: Notice, close: () => void) => {
    close();
    if (!notice.read)
      void markNoticeRead(notice.id).then(
        () => refreshNotices(queryClient),
        () => {},
      );
    if (notice.subject) openSubject(notice.subject);
  };
  const markAll = async () => {
    await markAllNoticesRead().catch(() => {});
    await refreshNotices(queryClient);
  };

  return (
    <>
      <DialogTrigger>
        <Button
          aria-label={noticeMessages.buttonLabel(unread)}
          className="relative rounded-md p-1 text-slate-600 sm:p-2 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth="2">
            <path
              d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {unread ? (
            <span
              aria-hidden="true"
              data-testid="notice-count"
              className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-bold text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
        <Popover
          placement="bottom end"
          className="w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog className="flex max-h-[70vh] flex-col outline-none">
            {({ close }) => (
              <>
                <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
                  <Heading slot="title" className="text-sm font-semibold">
                    {noticeMessages.heading}
                  </Heading>
                  {unread ? (
                    <Button
                      onPress={() => void markAll()}
                      className="rounded px-2 py-1 text-xs font-semibold text-brand-700 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-500 dark:hover:bg-slate-800"
                    >
                      {noticeMessages.markAllRead}
                    </Button>
                  ) : null}
                </div>
                {isError && !data ? (
                  <p className="px-3 py-4 text-sm text-red-700 dark:text-red-300">{noticeMessages.loadFailed}</p>
                ) : notices.length === 0 ? (
                  <p className="px-3 py-4 text-sm text-slate-600 dark:text-slate-400">{noticeMessages.none}</p>
                ) : (
                  <ul className="overflow-y-auto py-1">
                    {notices.map((notice) => (
                      <li key={notice.id}>
                        <Button
                          onPress={() => open(notice, close)}
                          className="flex w-full gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                        >
                          <span
                            aria-hidden="true"
                            className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${notice.read ? "" : "bg-brand-700 dark:bg-brand-500"}`}
                          />
                          <span className="flex min-w-0 flex-col gap-0.5">
                            <span className={notice.read ? "" : "font-semibold"}>
                              {notice.read ? null : <span className="sr-only">{noticeMessages.unread}: </span>}
                              {notice.title}
                            </span>
                            {notice.body ? (
                              <span className="text-slate-600 dark:text-slate-400">{notice.body}</span>
                            ) : null}
                            <time
                              dateTime={notice.created_at}
                              title={new Date(notice.created_at).toLocaleString("en-US")}
                              className="text-xs text-slate-600 dark:text-slate-400"
                            >
                              {ago(notice.created_at)}
                            </time>
                          </span>
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
