import { type NoticeSubject, subjectOfOpenParam } from "@keyholder/contracts/notices";
import { useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { subjectRequest } from "../../features/notices/open-subject.ts";
import { requestInWorkspace } from "../../lib/workspace-requests.ts";

/** The last address this page acted on, and the record it names until the workspace has shown it. */
let handled: string | undefined;
let waiting: NoticeSubject | null = null;

/**
 * A link to a record (/workspace?open=staff:<id>, in an email: decision 025) opens its View once.
 * The address is cleaned without the router, whose navigation puts a spinner in the workspace's
 * place; and since the workspace can still mount again right after sign-in (the route guards
 * re-run), losing the tab just opened, each mount asks again until the table has shown it. Call
 * after the workspace listens to requests.
 */
export function useOpenFromAddress() {
  const { open } = useSearch({ from: "/_authenticated/workspace" });
  useEffect(() => {
    if (open !== undefined && open !== handled) {
      handled = open;
      waiting = subjectOfOpenParam(open);
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
    const subject = waiting;
    if (!subject) return;
    requestInWorkspace({
      ...subjectRequest(subject),
      onDone: () => {
        if (waiting === subject) waiting = null;
      },
    });
  }, [open]);
}
