import { type ReportFormat, reportFormatLabels } from "@keyholder/contracts/reports";
import { DownloadLink } from "./download-link.tsx";

type FileFormat = Exclude<ReportFormat, "json">;

/** A report's downloads: the same rows and parameters as on screen, every row, in each format. */
export function ReportDownloads({
  url,
  formats = ["csv", "xlsx", "pdf"],
}: {
  url: (format: FileFormat) => string;
  formats?: FileFormat[];
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      {formats.map((f) => (
        <DownloadLink key={f} href={url(f)}>
          Download {reportFormatLabels[f]}
        </DownloadLink>
      ))}
    </div>
  );
}
