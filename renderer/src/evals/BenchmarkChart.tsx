// The benchmark of an output eval iteration as charts: pass rate, seconds and tokens with the skill and its baseline
// (no skill, or its old version), drawn by Chart.js. Loaded on demand (React.lazy), so the app's first bundle does not carry it.
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { EVAL_CONFIGURATIONS, type Benchmark } from '../../../shared/evals.js';

Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const METRICS = [
  { key: 'pass_rate', label: 'Pass rate (%)', scale: 100 },
  { key: 'time_seconds', label: 'Time (s)', scale: 1 },
  { key: 'tokens', label: 'Tokens', scale: 1 },
] as const;

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export default function BenchmarkChart(props: { benchmark: Benchmark }) {
  const summary = props.benchmark.run_summary;
  const configs = EVAL_CONFIGURATIONS.filter((c) => summary[c]);
  const colors = {
    with_skill: css('--accent') || '#2f6fc4',
    without_skill: css('--muted') || '#5f6670',
    old_skill: css('--muted') || '#5f6670',
  };
  return (
    <div className="benchmark-charts">
      {METRICS.map((m) => (
        <figure key={m.key} aria-label={`${m.label}, with the skill and its baseline`}>
          <Bar
            role="img"
            aria-label={`${m.label}: ${configs
              .map((c) => `${c.replace('_', ' ')} ${((summary[c]?.[m.key].mean ?? 0) * m.scale).toFixed(1)}`)
              .join(', ')}`}
            data={{
              labels: [m.label],
              datasets: configs.map((c) => ({
                label: c.replace('_', ' '),
                data: [(summary[c]?.[m.key].mean ?? 0) * m.scale],
                backgroundColor: colors[c],
              })),
            }}
            options={{
              animation: false,
              responsive: true,
              maintainAspectRatio: false,
              plugins: { legend: { position: 'bottom', labels: { color: css('--text') || undefined } } },
              scales: {
                x: { ticks: { color: css('--muted') || undefined } },
                y: {
                  beginAtZero: true,
                  ...(m.key === 'pass_rate' ? { max: 100 } : {}),
                  ticks: { color: css('--muted') || undefined },
                },
              },
            }}
          />
        </figure>
      ))}
    </div>
  );
}
