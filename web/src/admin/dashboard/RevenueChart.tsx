import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useFormatPrice, useLanguage } from '../../i18n/I18nProvider';
import { directionOf } from '../../i18n/locales';
import type { DashboardStatsView } from '@shared/ordering/types';
import { DASHBOARD_RANGES, type DashboardRange } from '../api/dashboard';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';

const WIDTH = 720;
const HEIGHT = 240;
const AXIS = { start: 100, end: 12, top: 12, bottom: 32 };
const TICKS = 4;

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at or above `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max)!;
  return step * power;
}

/**
 * Paid revenue per day over the chosen range (7, 30 or 90 days): bars with axes labelled
 * in the admin's language and currency, mirrored right to left in Arabic. A screen reader gets the
 * summary and the figures as a table.
 */
export function RevenueChart({
  data,
  range,
  onRange,
}: {
  data: DashboardStatsView['revenueByDay'];
  range: DashboardRange;
  onRange: (range: DashboardRange) => void;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const dates = useAdminDates();
  const price = useFormatPrice();
  const rtl = directionOf(useLanguage().locale) === 'rtl';
  const titleId = useId();
  const summaryId = useId();

  const total = data.reduce((sum, day) => sum + day.revenue, 0);
  const orders = data.reduce((sum, day) => sum + day.orders, 0);
  const top = niceCeiling(Math.max(0, ...data.map((day) => day.revenue)));
  const plotWidth = WIDTH - AXIS.start - AXIS.end;
  const plotHeight = HEIGHT - AXIS.top - AXIS.bottom;
  const slot = plotWidth / Math.max(1, data.length);
  // In Arabic the axis sits on the right and time runs from right to left.
  const plotStart = rtl ? AXIS.end : AXIS.start;
  const slotX = (index: number) => plotStart + (rtl ? data.length - 1 - index : index) * slot;
  const axisX = rtl ? plotStart + plotWidth + 8 : plotStart - 8;
  const y = (value: number) => AXIS.top + plotHeight - (top === 0 ? 0 : (value / top) * plotHeight);
  // Dates are the shop's calendar days (YYYY-MM-DD): shown as such in the admin's date format.
  const labelEvery = Math.ceil(data.length / 7);

  return (
    <section className="card admin-panel admin-chart" aria-labelledby={titleId} data-testid="revenue-chart">
      <header className="admin-panel-head">
        <h2 id={titleId} className="admin-panel-title">
          {t('admin.dashboard.chart')}
        </h2>
        <div role="group" aria-label={t('admin.dashboard.range')} className="admin-segmented">
          {DASHBOARD_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              className="admin-segment"
              aria-pressed={option === range}
              onClick={() => onRange(option)}
              data-range={option}
            >
              {t('admin.dashboard.rangeDays', { days: option })}
            </button>
          ))}
        </div>
      </header>
      <p id={summaryId} className="admin-chart-summary">
        {total === 0
          ? t('admin.dashboard.noRevenue', { days: range })
          : t('admin.dashboard.chartSummary', { days: range, total: price(total), orders })}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="admin-chart-svg"
        role="img"
        aria-labelledby={`${titleId} ${summaryId}`}
      >
        {Array.from({ length: TICKS + 1 }, (_, tick) => {
          const value = (top / TICKS) * tick;
          return (
            <g key={tick} className="admin-chart-grid">
              <line x1={plotStart} x2={plotStart + plotWidth} y1={y(value)} y2={y(value)} />
              {top > 0 && (
                <text x={axisX} y={y(value)} textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle">
                  {price(value)}
                </text>
              )}
            </g>
          );
        })}
        {data.map((entry, index) => {
          const x = slotX(index);
          const barWidth = Math.max(1, slot * 0.7);
          return (
            <g key={entry.date}>
              {entry.revenue > 0 && (
                <rect
                  className="admin-chart-bar"
                  x={x + (slot - barWidth) / 2}
                  y={y(entry.revenue)}
                  width={barWidth}
                  height={AXIS.top + plotHeight - y(entry.revenue)}
                  rx={Math.min(4, barWidth / 3)}
                />
              )}
              {index % labelEvery === 0 && (
                <text className="admin-chart-label" x={x + slot / 2} y={HEIGHT - 10} textAnchor="middle">
                  {dates.day(entry.date, { short: true })}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* A table keeps its content's size: the wrapper is what hides it. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('admin.dashboard.chart')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.day')}</th>
              <th scope="col">{t('admin.dashboard.revenue')}</th>
              <th scope="col">{t('admin.dashboard.paidOrders')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((entry) => (
              <tr key={entry.date}>
                <th scope="row">{dates.day(entry.date)}</th>
                <td dir="auto">{price(entry.revenue)}</td>
                <td>{intl.formatNumber(entry.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
