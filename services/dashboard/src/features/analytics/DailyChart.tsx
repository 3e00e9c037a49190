/**
 * One chart of daily figures, drawn by Chart.js (bundled with the app: no CDN, and within the page's CSP,
 * since it draws on a canvas and sizes it through the DOM, never through inline style markup). The
 * canvas is an image to assistive technology, named by its title and totals; the figures are also in
 * the totals above the charts.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface Series {
  label: string;
  values: readonly number[];
  color: string;
}

interface DailyChartProps {
  title: string;
  dates: readonly string[];
  series: readonly Series[];
  /** How a value reads (money in pounds, say). */
  format?: (value: number) => string;
}

const plain = (value: number) => value.toLocaleString();

export function DailyChart({ title, dates, series, format = plain }: DailyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: dates.length > 62 ? 'line' : 'bar',
      data: {
        labels: dates.map((date) => date.slice(5)),
        datasets: series.map((each) => ({ label: each.label, data: [...each.values], backgroundColor: each.color, borderColor: each.color, pointRadius: 0, borderWidth: 2 })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } },
        },
        scales: { x: { ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } }, y: { beginAtZero: true, ticks: { precision: 0, callback: (value) => format(Number(value)) } } },
      },
    });
    return () => chart.destroy();
  }, [dates, series, format]);
  const summary = series.map((each) => `${each.label} ${format(each.values.reduce((sum, value) => sum + value, 0))}`).join(', ');
  return (
    <figure className="analytics-chart">
      <figcaption>{title}</figcaption>
      <div className="analytics-canvas">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${summary} over ${dates.length} days`} />
      </div>
    </figure>
  );
}
