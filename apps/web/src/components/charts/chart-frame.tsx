import type { ReactElement } from "react";
import { ResponsiveContainer } from "recharts";

/**
 * A report's picture framed (issue 30 item 5): its title as a caption, the chart at the frame's
 * width in the page's text colour (and the series' colours of each theme as CSS variables), and to
 * screen readers one image named by `said` (every figure in it), so nothing in it takes focus.
 */
export function ChartFrame({
  title,
  said,
  height,
  children,
}: {
  title: string;
  said: string;
  /** The chart's height as a Tailwind class ("h-48"). */
  height: string;
  children: ReactElement;
}) {
  return (
    <figure className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-slate-700 [--chart-dashed:#64748b] [--chart-solid:var(--color-brand-600)] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:[--chart-dashed:#cbd5e1] dark:[--chart-solid:var(--color-brand-400)]">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div role="img" aria-label={said} className={`${height} w-full`}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
