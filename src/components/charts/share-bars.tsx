import './charts.css';

export type ShareBar = { key: string | number; label: string; value: number; display: string };

/**
 * A horizontal bar chart drawn as SVG: no chart library (docs/decisions/033-charts.md). The drawing
 * is hidden from screen readers because the table beside it (the caller's) carries every value;
 * each bar still has a <title> for a pointer, and it prints as it shows (no canvas, no animation).
 */
export function ShareBars({ bars, label }: { bars: readonly ShareBar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => Math.max(0, bar.value)));
  const rowHeight = 26;
  const height = bars.length * rowHeight;
  return (
    <figure className="share-bars" aria-hidden="true" data-chart={label}>
      <svg viewBox={`0 0 600 ${height}`} width="100%" height={height} preserveAspectRatio="none" focusable="false">
        {bars.map((bar, index) => {
          const width = Math.round((Math.max(0, bar.value) / max) * 380);
          const y = index * rowHeight;
          return (
            <g key={bar.key}>
              <title>{`${bar.label}: ${bar.display}`}</title>
              <text x="0" y={y + 17} className="share-bars-label">
                {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
              </text>
              <rect x="200" y={y + 5} width={Math.max(width, bar.value > 0 ? 2 : 0)} height="16" rx="2" className="share-bars-bar" />
              <text x={Math.min(205 + width, 520)} y={y + 17} className="share-bars-value">
                {bar.display}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
