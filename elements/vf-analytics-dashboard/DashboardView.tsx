/**
 * The figures for one period: headline totals, then the charts. Each chart is a figure with its
 * numbers as a table (charts/ChartFigure.tsx); the top pages' titles link to the pages.
 */
import type { AnalyticsDashboard, DashboardDay } from '../../core/api/analyticsTypes.ts';
import { useIntl, useT } from '../ui/useIntl.ts';
import { BarList, type BarItem } from './charts/BarList.tsx';
import { ChartFigure } from './charts/ChartFigure.tsx';
import { DayChart, type Series } from './charts/DayChart.tsx';
import { formatDay, formatDuration, minutes } from './format.ts';

const K = 'page_settings.analytics';

function Totals({ data }: { data: AnalyticsDashboard }) {
  const t = useT();
  const intl = useIntl();
  const n = (value: number) => intl.formatNumber(value);
  const { totals } = data;
  const items: [string, string][] = [
    ['pageViews', n(totals.page_views)],
    ['visitors', n(totals.visitors)],
    ['engagedTime', formatDuration(intl, totals.engaged_seconds)],
    ['comments', n(totals.comments)],
    ['replies', n(totals.replies)],
    ['activeCommenters', n(totals.active_commenters)],
    ['recirculationClicks', n(totals.recirculation_clicks)],
  ];
  return (
    <section className="vf-adash__totals-section" aria-labelledby="vf-adash-totals">
      <h3 className="vf-adash__subtitle" id="vf-adash-totals">{t(`${K}.totals`)}</h3>
      <dl className="vf-adash__totals" part="totals">
        {items.map(([key, value]) => (
          <div key={key} className="vf-adash__total" data-metric={key}>
            <dt>{t(`${K}.metric.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DayFigure({ days, caption, series, stacked, value }: { days: DashboardDay[]; caption: string; series: Series[]; stacked?: boolean; value?: (v: number) => string }) {
  const t = useT();
  const intl = useIntl();
  const valueLabel = value ?? ((v: number) => intl.formatNumber(v));
  const table = {
    head: [t(`${K}.column.day`), ...series.map((s) => s.label)],
    rows: days.map((day) => ({ key: day.day, cells: [formatDay(intl, day.day, true), ...series.map((s) => valueLabel(s.value(day)))] })),
  };
  return (
    <ChartFigure caption={caption} table={table}>
      <DayChart
        days={days}
        series={series}
        stacked={stacked}
        dayLabel={(day) => formatDay(intl, day)}
        valueLabel={valueLabel}
        tickLabel={(v) => intl.formatNumber(v, { notation: 'compact', maximumFractionDigits: 1 })}
      />
    </ChartFigure>
  );
}

/** A medium's name: direct and referral are translated; a `vf_medium` value shows as it is. */
function useMediumName() {
  const t = useT();
  return (medium: string) => (medium === 'direct' || medium === 'referral' ? t(`${K}.medium.${medium}`) : medium);
}

function MediumFigure({ caption, rows, valueHeading }: { caption: string; rows: { medium: string; value: number }[]; valueHeading: string }) {
  const t = useT();
  const intl = useIntl();
  const name = useMediumName();
  const items: BarItem[] = rows.map((row) => ({ key: row.medium, name: name(row.medium), value: row.value, valueText: intl.formatNumber(row.value) }));
  const table = { head: [t(`${K}.column.medium`), valueHeading], rows: items.map((item) => ({ key: item.key, cells: [String(item.name), item.valueText] })) };
  return (
    <ChartFigure caption={caption} table={table}>
      {items.length ? <BarList items={items} hidden /> : <p className="vf-adash__none">{t(`${K}.chart.none`)}</p>}
    </ChartFigure>
  );
}

function TopPages({ data }: { data: AnalyticsDashboard }) {
  const t = useT();
  const intl = useIntl();
  const n = (value: number) => intl.formatNumber(value);
  const title = (page: AnalyticsDashboard['top_pages'][number]) => page.title || t(`${K}.untitled`);
  const items: BarItem[] = data.top_pages.map((page) => ({
    key: page.page_id,
    name: page.url ? <a href={page.url} part="page-link">{title(page)}</a> : title(page),
    value: page.page_views,
    valueText: n(page.page_views),
  }));
  const table = {
    head: [t(`${K}.column.page`), t(`${K}.metric.pageViews`), t(`${K}.metric.engagedTime`), t(`${K}.metric.comments`)],
    rows: data.top_pages.map((page) => ({ key: page.page_id, cells: [title(page), n(page.page_views), formatDuration(intl, page.engaged_seconds), n(page.comments)] })),
  };
  return (
    <ChartFigure caption={t(`${K}.chart.topPages`)} table={table} className="vf-adash__chart--wide">
      {items.length ? <BarList items={items} /> : <p className="vf-adash__none">{t(`${K}.chart.none`)}</p>}
    </ChartFigure>
  );
}

export function DashboardView({ data }: { data: AnalyticsDashboard }) {
  const t = useT();
  const intl = useIntl();
  const metric = (key: string) => t(`${K}.metric.${key}`);
  return (
    <div className="vf-adash__figures" part="figures">
      <Totals data={data} />
      <div className="vf-adash__grid">
        <DayFigure
          days={data.days}
          caption={t(`${K}.chart.traffic`)}
          series={[{ label: metric('pageViews'), value: (d) => d.page_views }, { label: metric('visitors'), value: (d) => d.visitors }]}
        />
        <DayFigure
          days={data.days}
          caption={t(`${K}.chart.engaged`)}
          series={[{ label: t(`${K}.column.engagedMinutes`), value: (d) => minutes(d.engaged_seconds) }]}
          value={(v) => intl.formatNumber(v, { style: 'unit', unit: 'minute', unitDisplay: 'short' })}
        />
        <DayFigure
          days={data.days}
          caption={t(`${K}.chart.conversation`)}
          stacked
          series={[{ label: metric('comments'), value: (d) => d.comments }, { label: metric('replies'), value: (d) => d.replies }]}
        />
        <MediumFigure caption={t(`${K}.chart.mediums`)} valueHeading={metric('pageViews')} rows={data.referrer_mediums.map((r) => ({ medium: r.medium, value: r.page_views }))} />
        <MediumFigure caption={t(`${K}.chart.recirculation`)} valueHeading={metric('recirculationClicks')} rows={data.recirculation.map((r) => ({ medium: r.medium, value: r.clicks }))} />
        <TopPages data={data} />
      </div>
    </div>
  );
}

/** Nothing happened in the period: no views, no comments, no clicks. */
export function isEmpty(data: AnalyticsDashboard): boolean {
  const { page_views, comments, replies, recirculation_clicks } = data.totals;
  return page_views + comments + replies + recirculation_clicks === 0;
}
