import { CartesianGrid, LineChart as Chart, Legend, Line, XAxis, YAxis } from "recharts";
import { ChartFrame } from "./chart-frame.tsx";

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
    <ChartFrame title={title} said={said} height="h-56">
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
    </ChartFrame>
  );
}
