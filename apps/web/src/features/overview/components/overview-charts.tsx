import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/*
 * The overview's charts, the only module that imports the chart library: it is reached
 * from the overview page's lazy chunk alone, so no other page downloads it. Weeks run from
 * the start of the reading direction (right in Arabic), and the value axis stands there.
 * The drawings are hidden from assistive technology and out of the tab order (recharts'
 * keyboard layer off): the table under each chart says the same in text.
 */

export interface ChartPoint {
  /** The week, as its label on the axis. */
  label: string;
  [series: string]: number | string | null;
}

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface ChartProps {
  data: ChartPoint[];
  series: ChartSeries[];
  rtl: boolean;
  /** Formats a value for the axis (short) and the tooltip. */
  formatAxis: (value: number) => string;
  formatValue: (value: number) => string;
  /** Fixed bounds of the value axis (a rate runs from 0 to 1); otherwise from 0 to the data's maximum. */
  domain?: [number, number];
}

const HEIGHT = 240;
const tick = { fontSize: 12, fill: '#525252' };

function axes({ rtl, formatAxis, domain }: Pick<ChartProps, 'rtl' | 'formatAxis' | 'domain'>) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} stroke="#e5e5e5" />,
    <XAxis
      key="x"
      dataKey="label"
      reversed={rtl}
      tick={tick}
      tickLine={false}
      interval="preserveStartEnd"
      minTickGap={8}
    />,
    <YAxis
      key="y"
      orientation={rtl ? 'right' : 'left'}
      tick={tick}
      tickFormatter={formatAxis}
      width={64}
      allowDecimals={Boolean(domain)}
      {...(domain
        ? { domain, ticks: [0, 0.25, 0.5, 0.75, 1].map((share) => domain[0] + share * (domain[1] - domain[0])) }
        : {})}
      axisLine={false}
      tickLine={false}
    />,
  ];
}

const tooltipFormatter = (formatValue: (value: number) => string) => (value: unknown) =>
  typeof value === 'number' ? formatValue(value) : '—';

export function WeeklyBarChart({ data, series, rtl, formatAxis, formatValue }: ChartProps) {
  return (
    <div dir="ltr" aria-hidden="true" className="h-60 w-full">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          {axes({ rtl, formatAxis })}
          <Tooltip formatter={tooltipFormatter(formatValue)} contentStyle={{ direction: rtl ? 'rtl' : 'ltr' }} />
          {series.length > 1 ? (
            <Legend itemSorter={null} wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr', fontSize: 13 }} />
          ) : null}
          {series.map((item) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              fill={item.color}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function WeeklyLineChart({ data, series, rtl, formatAxis, formatValue, domain }: ChartProps) {
  return (
    <div dir="ltr" aria-hidden="true" className="h-60 w-full">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          {axes({ rtl, formatAxis, domain })}
          <Tooltip formatter={tooltipFormatter(formatValue)} contentStyle={{ direction: rtl ? 'rtl' : 'ltr' }} />
          {series.length > 1 ? (
            <Legend itemSorter={null} wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr', fontSize: 13 }} />
          ) : null}
          {series.map((item) => (
            <Line
              key={item.key}
              dataKey={item.key}
              name={item.name}
              stroke={item.color}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
