import type { DashboardResponse } from '../../../../../contracts/dashboard';
import { formatTaka } from '../../console-kit/format';
import { formatDay } from '../format-day';

type DayPoint = DashboardResponse['ordersPerDay'][number];

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 12 };

/**
 * Orders per day as bars and revenue as a line, hand-drawn in SVG (no chart library for one chart). It scales
 * with its box; the table beside it carries the numbers for screen readers.
 */
export function OrdersRevenueChart({ points }: { points: DayPoint[] }) {
  if (points.length === 0) return <p className="muted">No orders yet.</p>;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const maxOrders = Math.max(1, ...points.map((p) => p.orders));
  const maxRevenue = Math.max(1, ...points.map((p) => p.revenue));
  const slot = innerW / points.length;
  const barW = Math.max(2, slot * 0.6);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${(PAD.top + innerH - (p.revenue / maxRevenue) * innerH).toFixed(1)}`).join(' ');
  const labelEvery = Math.ceil(points.length / 7);
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="admin-chart-title">
        <title id="admin-chart-title">
          Orders (bars) and revenue (line) per day, {formatDay(points[0]?.day, true)} to {formatDay(points[points.length - 1]?.day, true)}
        </title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="admin-chart__axis" />
        {points.map((p, i) => {
          const h = (p.orders / maxOrders) * innerH;
          return (
            <g key={p.day}>
              <rect x={x(i) - barW / 2} y={PAD.top + innerH - h} width={barW} height={h} className="admin-chart__bar">
                <title>{`${formatDay(p.day, true)}: ${p.orders} orders, ${formatTaka(p.revenue)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="admin-chart__label">
                  {formatDay(p.day)}
                </text>
              )}
            </g>
          );
        })}
        <path d={line} className="admin-chart__line" fill="none" />
      </svg>
      <figcaption className="admin-chart__legend">
        <span className="admin-chart__key admin-chart__key--bar" aria-hidden="true" /> Orders (max {maxOrders})
        <span className="admin-chart__key admin-chart__key--line" aria-hidden="true" /> Revenue (max {formatTaka(maxRevenue)})
      </figcaption>
    </figure>
  );
}

