import { CartesianGrid, LineChart as Chart, Legend, Line, ResponsiveContainer, XAxis, YAxis } from "recharts";

export interface ChartSeries {
  /** Its name in the legend and to screen readers ("Physical"). */
  name: string;
  values: number[];
  /** Drawn dashed: told apart without colour. */
  dashed?: boolean;
}

/**
 * A report's trend (issue 30 item 5): a line per series over labelled points (months), drawn by
 * recharts in the page's text and brand colours so both themes read it, at any width. To screen
 * readers it is one image whose name says every point of every series (the table beneath has the
 * same figures), so nothing in it takes focus.
 */
export function LineChart({
  title,
  labels,
  series,
  format,
  domain,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  format(value: number): string;
  /** The value axis's range ([0, 100] for percents); from the data when left out. */
  domain?: [number, number];
}) {
  const said = `${title}: ${series
    .map((s) => `${s.name} ${labels.map((l, i) => `${l} ${format(s.values[i] ?? 0)}`).join(", ")}`)
    .join("; ")}`;
  const data = labels.map((label, i) => ({
    label,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? 0])),
  }));
  return (
    <figure className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-slate-700 [--chart-dashed:#64748b] [--chart-solid:var(--color-brand-600)] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:[--chart-dashed:#cbd5e1] dark:[--chart-solid:var(--color-brand-400)]">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div role="img" aria-label={said} className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="label" tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
            <YAxis
              tick={{ fill: "currentColor", fontSize: 12 }}
              stroke="currentColor"
              width={56}
              domain={domain ?? ["auto", "auto"]}
              tickFormatter={(v: number) => format(v)}
            />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              iconType="plainline"
              // In the text colour (the series' own colours are too light to read as text).
              formatter={(value: string) => <span className="text-slate-700 dark:text-slate-200">{value}</span>}
            />
            {series.map((s) => (
              <Line
                key={s.name}
                dataKey={s.name}
                type="linear"
                stroke={s.dashed ? "var(--chart-dashed)" : "var(--chart-solid)"}
                strokeWidth={2}
                strokeDasharray={s.dashed ? "6 4" : undefined}
                dot={{ r: 3, fill: s.dashed ? "var(--chart-dashed)" : "var(--chart-solid)" }}
                isAnimationActive={false}
              />
            ))}
          </Chart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
