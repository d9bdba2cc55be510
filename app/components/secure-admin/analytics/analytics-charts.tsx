import { useSyncExternalStore, type ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCents } from "~/lib/money";

/**
 * The console's charts (recharts, loaded by the Analytics page only). Each chart is drawn in the browser
 * and described for screen readers; the same figures are always in a table beside it (ChartWithTable).
 */

const INK = "#1c1917";
const MUTED = "#a8a29e";
/** The shop's brand colour (app.css `--color-brand`): the sales with a discount. */
const BRAND = "#7c2d12";

/** Draws its children only after hydration: recharts measures the page, which the server has not got. */
const noSubscription = () => () => {};

function ClientOnly({ children, height }: { children: ReactNode; height: number }) {
  // false while the server renders and the browser hydrates, true afterwards.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <div style={{ height }}>{ready ? children : null}</div>;
}

const shortDay = (day: string) => day.slice(5);
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;

/**
 * Revenue per day as two stacked areas, the sales without a discount below and those with one above:
 * the top edge is the day's revenue (issue 28).
 */
export function RevenueChart({
  days,
}: {
  days: Array<{ day: string; withDiscountCents: number; withoutDiscountCents: number }>;
}) {
  return (
    <ClientOnly height={280}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} stroke={MUTED} fontSize={12} />
          <YAxis tickFormatter={dollars} width={64} stroke={MUTED} fontSize={12} />
          <Tooltip
            formatter={(value, name) => [formatCents(Number(value)), name]}
            labelFormatter={(label) => String(label)}
          />
          <Legend iconType="square" wrapperStyle={{ fontSize: 12 }} />
          <Area
            type="monotone"
            dataKey="withoutDiscountCents"
            name="Without a discount"
            stackId="revenue"
            stroke={INK}
            fill={INK}
            fillOpacity={0.12}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="withDiscountCents"
            name="With a discount"
            stackId="revenue"
            stroke={BRAND}
            fill={BRAND}
            fillOpacity={0.35}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ClientOnly>
  );
}

export function CountBarChart({
  data,
  x,
  y,
  label,
  formatX = (v) => v,
  height = 240,
}: {
  data: ReadonlyArray<object>;
  x: string;
  y: string;
  label: string;
  formatX?: (value: string) => string;
  height?: number;
}) {
  return (
    <ClientOnly height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data as object[]} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey={x} tickFormatter={formatX} minTickGap={16} stroke={MUTED} fontSize={12} />
          <YAxis allowDecimals={false} width={48} stroke={MUTED} fontSize={12} />
          <Tooltip formatter={(value) => [Number(value).toLocaleString("en-US"), label]} />
          <Bar dataKey={y} fill={INK} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ClientOnly>
  );
}

export { shortDay };
