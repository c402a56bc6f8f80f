import {
  FILE_FORMATS,
  type FileFormat,
  ordinal,
  reportRunMessages,
  reportScheduleMessages,
} from "@keyholder/contracts/report-runs";
import { REPORT_CATALOGUE, reportFormatLabels } from "@keyholder/contracts/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { createReportSchedule } from "../api/create-report-schedule.ts";
import { reportRunsKey } from "../api/get-report-runs.ts";
import { reportSchedulesKey } from "../api/get-report-schedules.ts";
import { startReportRun } from "../api/start-report-run.ts";

/**
 * Run a report in the background: the same parameters as on screen, a format, emailed (attached and linked) if
 * wanted; the file then waits in Downloads, however long it takes and wherever the user goes. Or
 * have it sent each month on a day.
 */
export function RunInBackground({ report, params }: { report: string; params: Record<string, string | undefined> }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<FileFormat>("xlsx");
  const [email, setEmail] = useState(false);
  /** "now", or the day of each month it is sent on. */
  const [when, setWhen] = useState("now");
  const client = useQueryClient();
  const title = REPORT_CATALOGUE.find((r) => r.id === report)?.title ?? report;
  const given = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const run = useMutation({
    mutationFn: async () => {
      if (when === "now") await startReportRun({ report, params: given, format, email });
      else await createReportSchedule({ report, params: given, format, day_of_month: Number(when) });
    },
    onSuccess: async () => {
      setOpen(false);
      toast({
        title: when === "now" ? reportRunMessages.started(title) : reportScheduleMessages.saved(title, Number(when)),
        tone: "info",
      });
      await client.invalidateQueries({ queryKey: when === "now" ? reportRunsKey : reportSchedulesKey });
    },
  });
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Run in background
      </Button>
      {open ? (
        <Dialog id="run-in-background" title={`Run ${title} in the background`} isOpen onClose={() => setOpen(false)}>
          <div className="flex flex-col gap-3">
            <SelectField
              label="When"
              value={when}
              onChange={setWhen}
              options={[
                { value: "now", label: "Now" },
                ...Array.from({ length: 28 }, (_, i) => ({
                  value: String(i + 1),
                  label: `Each month on the ${ordinal(i + 1)}`,
                })),
              ]}
            />
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {when === "now"
                ? "Every row, with the parameters on screen. You can leave: the file waits in Downloads for a week."
                : "Emailed to you that day each month, the file attached, with the parameters on screen; its days are those of the day it runs."}
            </p>
            <SelectField
              label="Format"
              value={format}
              onChange={(v) => setFormat(v as FileFormat)}
              options={FILE_FORMATS.map((f) => ({ value: f, label: reportFormatLabels[f] }))}
            />
            {when === "now" ? (
              <Checkbox isSelected={email} onChange={setEmail}>
                Email it to me when it is ready
              </Checkbox>
            ) : null}
            {run.isError ? <Alert>{run.error.message}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={() => setOpen(false)}>
                Cancel
              </Button>
              <Button isPending={run.isPending} onPress={() => run.mutate()}>
                {when === "now" ? "Start" : "Schedule"}
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
