import { FILE_FORMATS, type FileFormat, reportRunMessages } from "@keyholder/contracts/report-runs";
import { REPORT_CATALOGUE, reportFormatLabels } from "@keyholder/contracts/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { reportRunsKey } from "../api/get-report-runs.ts";
import { startReportRun } from "../api/start-report-run.ts";

/**
 * Run a report in the background: the same parameters as on screen, a format, a link by email if
 * wanted; the file then waits in Downloads, however long it takes and wherever the user goes.
 */
export function RunInBackground({ report, params }: { report: string; params: Record<string, string | undefined> }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<FileFormat>("xlsx");
  const [email, setEmail] = useState(false);
  const client = useQueryClient();
  const title = REPORT_CATALOGUE.find((r) => r.id === report)?.title ?? report;
  const run = useMutation({
    mutationFn: () =>
      startReportRun({
        report,
        params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))),
        format,
        email,
      }),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: reportRunMessages.started(title), tone: "info" });
      await client.invalidateQueries({ queryKey: reportRunsKey });
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
            <p className="text-sm text-slate-700 dark:text-slate-200">
              Every row, with the parameters on screen. You can leave: the file waits in Downloads for a week.
            </p>
            <SelectField
              label="Format"
              value={format}
              onChange={(v) => setFormat(v as FileFormat)}
              options={FILE_FORMATS.map((f) => ({ value: f, label: reportFormatLabels[f] }))}
            />
            <Checkbox isSelected={email} onChange={setEmail}>
              Email me a link when it is ready
            </Checkbox>
            {run.isError ? <Alert>{run.error.message}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={() => setOpen(false)}>
                Cancel
              </Button>
              <Button isPending={run.isPending} onPress={() => run.mutate()}>
                Start
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
