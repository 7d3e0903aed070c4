/**
 * Per-day bars drawn as inline SVG: one bar per series side by side (`grouped`) or on top of
 * each other (`stacked`). The drawing is `aria-hidden`: its figure's table carries the numbers.
 * The time axis runs left to right in every language, as charts do.
 */
import type { DashboardDay } from '../../../core/api/analyticsTypes.ts';

export interface Series {
  label: string;
  /** The day's value for this series. */
  value(day: DashboardDay): number;
}

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 50;
const BOTTOM = 24;
const TOP = 10;
const PLOT_W = WIDTH - LEFT - 8;
const PLOT_H = HEIGHT - TOP - BOTTOM;

/** 1, 2 or 5 times a power of ten, at least `max` (a round top for the axis). */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/** Which days get a label under the axis: at most four, evenly spread, first and last included. */
export function labelledDays(count: number): number[] {
  if (count <= 4) return Array.from({ length: count }, (_, i) => i);
  return [0, Math.round((count - 1) / 3), Math.round((2 * (count - 1)) / 3), count - 1];
}

interface Props {
  days: DashboardDay[];
  series: Series[];
  stacked?: boolean;
  dayLabel(day: string): string;
  /** A value in full (the bars' tooltips). */
  valueLabel(value: number): string;
  /** A value on the axis, short ("2.5K"). */
  tickLabel(value: number): string;
}

export function DayChart({ days, series, stacked = false, dayLabel, valueLabel, tickLabel }: Props) {
  const totals = days.map((day) => series.map((s) => s.value(day)));
  const top = niceMax(Math.max(0, ...totals.map((values) => (stacked ? values.reduce((a, b) => a + b, 0) : Math.max(...values)))));
  const band = PLOT_W / Math.max(1, days.length);
  const barW = (band * 0.8) / (stacked ? 1 : series.length);
  const y = (value: number) => TOP + PLOT_H - (value / top) * PLOT_H;
  return (
    <div className="vf-adash__drawing">
      <svg className="vf-adash__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line className="vf-adash__gridline" x1={LEFT} x2={WIDTH - 8} y1={y(tick)} y2={y(tick)} />
            <text className="vf-adash__tick" x={LEFT - 6} y={y(tick) + 4} textAnchor="end">{tickLabel(tick)}</text>
          </g>
        ))}
        {days.map((day, at) => {
          let base = 0;
          return (
            <g key={day.day}>
              <title>{`${dayLabel(day.day)}: ${series.map((s, i) => `${s.label} ${valueLabel(totals[at]![i]!)}`).join(', ')}`}</title>
              {series.map((s, i) => {
                const value = totals[at]![i]!;
                const x = LEFT + at * band + band * 0.1 + (stacked ? 0 : i * barW);
                const from = stacked ? base : 0;
                base += value;
                return <rect key={s.label} className={`vf-adash__bar vf-adash__bar--${i + 1}`} x={x} width={Math.max(barW - 1, 1)} y={y(from + value)} height={Math.max(0, y(from) - y(from + value))} />;
              })}
            </g>
          );
        })}
        {labelledDays(days.length).map((at, i, all) => {
          // The first and last labels line up with the plot's edges instead of running past them.
          const edge = all.length > 2 && (i === 0 || i === all.length - 1);
          const x = edge ? (i === 0 ? LEFT : LEFT + PLOT_W) : LEFT + at * band + band / 2;
          return <text key={at} className="vf-adash__tick" x={x} y={HEIGHT - 6} textAnchor={edge ? (i === 0 ? 'start' : 'end') : 'middle'}>{dayLabel(days[at]!.day)}</text>;
        })}
      </svg>
      <ul className="vf-adash__legend" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.label}><span className={`vf-adash__swatch vf-adash__bar--${i + 1}`} />{s.label}</li>
        ))}
      </ul>
    </div>
  );
}
