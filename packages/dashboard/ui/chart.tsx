/**
 * Jobs per day as stacked bars in inline SVG (no chart library: a few dozen rectangles). The SVG is
 * one image with a text summary for screen readers; the same numbers are a table one click away.
 */
import { useId } from 'preact/hooks';

export interface DayCounts {
  day: string;
  completed: number;
  failed: number;
}

const WIDTH = 720;
const HEIGHT = 160;
const AXIS = 20;

export function JobsPerDayChart(props: { days: DayCounts[] }) {
  const id = useId();
  const { days } = props;
  const max = Math.max(1, ...days.map((d) => d.completed + d.failed));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const scale = (n: number) => (n / max) * (HEIGHT - AXIS - 4);
  const totals = days.reduce((t, d) => ({ completed: t.completed + d.completed, failed: t.failed + d.failed }), {
    completed: 0,
    failed: 0,
  });
  const busiest = days.reduce<DayCounts | null>(
    (b, d) => (!b || d.completed + d.failed > b.completed + b.failed ? d : b),
    null,
  );
  const summary =
    `Jobs per day over the last ${days.length} days: ${totals.completed} completed and ${totals.failed} failed in all` +
    (busiest && busiest.completed + busiest.failed > 0
      ? `; the busiest day was ${busiest.day} with ${busiest.completed + busiest.failed}.`
      : '.');
  return (
    <figure class="chart-figure">
      <svg
        class="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-t`}
        width={WIDTH}
        height={HEIGHT}
      >
        <title id={`${id}-t`}>{summary}</title>
        <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke="#8a929e" />
        {days.map((d, i) => {
          const x = i * slot + (slot - bar) / 2;
          const hc = scale(d.completed);
          const hf = scale(d.failed);
          const base = HEIGHT - AXIS;
          return (
            <g key={d.day}>
              {hc > 0 && <rect class="completed" x={x} y={base - hc} width={bar} height={hc} />}
              {hf > 0 && <rect class="failed" x={x} y={base - hc - hf} width={bar} height={hf} />}
              {(i === 0 || i === days.length - 1 || (i % 7 === 0 && days.length - 1 - i >= 3)) && (
                <text
                  x={i === 0 ? x : i === days.length - 1 ? x + bar : x + bar / 2}
                  y={HEIGHT - 5}
                  font-size="11"
                  text-anchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
                  fill="#4a5360"
                >
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
        <text x="2" y="12" font-size="11" fill="#4a5360">
          {max}
        </text>
      </svg>
      <figcaption>
        <span class="legend-swatch completed" aria-hidden="true" />
        completed
        <span class="legend-swatch failed" aria-hidden="true" />
        failed · {summary}
      </figcaption>
      <details>
        <summary>Show the numbers as a table</summary>
        <table>
          <caption>Jobs per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Completed</th>
              <th scope="col">Failed</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.completed}</td>
                <td>{d.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
