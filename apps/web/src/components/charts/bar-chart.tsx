import { Bar, CartesianGrid, BarChart as Chart, XAxis, YAxis } from "recharts";
import { ChartFrame } from "./chart-frame.tsx";

export interface ChartBar {
  label: string;
  value: number;
}

/**
 * A report's picture (issue 30 item 5): bars of a few figures, drawn by recharts, in the page's
 * text colour so both themes read it, at any width. To screen readers it is one image whose name
 * says every bar (the same figures are in the table beneath), so nothing in it takes focus.
 */
export function BarChart({
  title,
  bars,
  format,
}: {
  title: string;
  bars: ChartBar[];
  /** How a value reads ("$1,200.00"). */
  format(value: number): string;
}) {
  const said = `${title}: ${bars.map((b) => `${b.label} ${format(b.value)}`).join(", ")}`;
  return (
    <ChartFrame title={title} said={said} height="h-48">
      <Chart data={bars} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
        <YAxis
          tick={{ fill: "currentColor", fontSize: 12 }}
          stroke="currentColor"
          width={80}
          tickFormatter={(v: number) => format(v)}
        />
        <Bar dataKey="value" className="fill-brand-600 dark:fill-brand-400" maxBarSize={72} isAnimationActive={false} />
      </Chart>
    </ChartFrame>
  );
}
