import './charts.css';

export type TrendBucket = { key: number; label: string; current: number | null; previous: number | null; currentText: string; previousText: string };

/**
 * This period against the last as paired vertical bars, drawn as SVG (docs/decisions/033-charts.md).
 * Hidden from screen readers: the caller renders the same values as a table right beside it. The
 * last period is hatched grey, this one solid, so the two also differ in print and without colour.
 */
export function TrendChart({ buckets, label }: { buckets: readonly TrendBucket[]; label: string }) {
  const max = Math.max(1, ...buckets.flatMap((b) => [b.current ?? 0, b.previous ?? 0]));
  const height = 160;
  const slot = 600 / Math.max(1, buckets.length);
  const bar = Math.max(1, slot * 0.38);
  const every = Math.ceil(buckets.length / 12);
  const y = (value: number) => height - Math.round((Math.max(0, value) / max) * (height - 10));
  return (
    <figure className="trend-chart" aria-hidden="true" data-chart={label}>
      <svg viewBox={`0 0 600 ${height + 18}`} width="100%" height={height + 18} preserveAspectRatio="none" focusable="false">
        <defs>
          <pattern id="trend-hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" className="trend-chart-previous-bg" />
            <line x1="0" y1="0" x2="0" y2="4" className="trend-chart-hatch" />
          </pattern>
        </defs>
        {buckets.map((b, index) => {
          const x = index * slot + slot * 0.1;
          return (
            <g key={b.key}>
              <title>{b.previous === null ? `${b.label}: ${b.currentText}` : `${b.label}: ${b.currentText} / ${b.previousText}`}</title>
              {b.previous !== null ? <rect x={x} y={y(b.previous)} width={bar} height={height - y(b.previous)} fill="url(#trend-hatch)" className="trend-chart-previous" /> : null}
              {b.current !== null ? <rect x={x + bar} y={y(b.current)} width={bar} height={height - y(b.current)} className="trend-chart-current" /> : null}
              {index % every === 0 ? (
                <text x={x + bar} y={height + 14} textAnchor="middle" className="trend-chart-label">
                  {b.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1="0" y1={height} x2="600" y2={height} className="trend-chart-axis" />
      </svg>
    </figure>
  );
}
