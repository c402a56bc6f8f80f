import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { getStartedQuery } from "../api/get-started.ts";
import {
  dismissGetStarted,
  type GetStartedStep,
  getStartedSteps,
  isGetStartedDismissed,
} from "../get-started-steps.ts";
import { GetStartedChecklist } from "./get-started-checklist.tsx";

/**
 * The workspace with no tab open: a new organization's "Get started" checklist until it is all done or
 * dismissed, otherwise (and while it loads or if it fails) the spec's hint.
 */
export function EmptyWorkspace({
  userId,
  onOpen,
}: {
  userId: number;
  onOpen(place: NonNullable<GetStartedStep["opens"]>): void;
}) {
  const [dismissed, setDismissed] = useState(() => isGetStartedDismissed(window.localStorage, userId));
  const counts = useQuery({ ...getStartedQuery, enabled: !dismissed });
  const steps = counts.data ? getStartedSteps(counts.data) : null;
  if (dismissed || !steps || steps.every((s) => s.done)) {
    return (
      <p className="flex h-full items-center justify-center text-slate-600 dark:text-slate-400">
        Select an item from the menu to get started
      </p>
    );
  }
  return (
    <TabPage wide>
      <GetStartedChecklist
        steps={steps}
        onOpen={onOpen}
        onDismiss={() => {
          dismissGetStarted(window.localStorage, userId);
          setDismissed(true);
        }}
      />
    </TabPage>
  );
}
