import { Link } from 'react-router-dom';

type Bar = { label: string; value: number; display: string; /** The list behind the figure. */ to?: string };

/** Plain CSS bars: enough for a monthly trend without a chart library in the bundle. */
export function BarChart({ bars, caption }: { bars: readonly Bar[]; caption: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="bar-chart">
      <figcaption className="visually-hidden">{caption}</figcaption>
      <ol className="bar-chart-bars">
        {bars.map((bar) => (
          <li key={bar.label} className="bar-chart-item" title={`${bar.label}: ${bar.display}`}>
            <span className="bar-chart-bar" style={{ height: `${Math.round((bar.value / max) * 100)}%` }} />
            <span className="bar-chart-label">{bar.label}</span>
            <span className="visually-hidden">{bar.display}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** Horizontal share bars for breakdowns (by method, by institution). */
export function ShareList({ rows }: { rows: readonly Bar[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="share-list">
      {rows.map((row) => (
        <li key={row.label}>
          <div className="share-head">
            <span>{row.label}</span>
            {row.to ? (
              <Link to={row.to} className="share-value">
                {row.display}
              </Link>
            ) : (
              <span className="share-value">{row.display}</span>
            )}
          </div>
          <span className="share-track">
            <span className="share-fill" style={{ width: `${Math.round((row.value / max) * 100)}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
