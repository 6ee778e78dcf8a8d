import { useEffect, useRef } from 'react';
import {
  ArcElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only the parts the dashboard draws (Chart.js is tree-shaken into this plugin's page chunk).
Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Tooltip,
  Legend,
  DoughnutController,
  ArcElement,
);

/**
 * One Chart.js chart on a canvas: created once, its data and options replaced when `config` changes (the
 * weekly/monthly toggle animates instead of flashing a new chart), destroyed with the component.
 */
export function ChartCanvas({
  config,
  label,
  testId,
  height = 260,
}: {
  config: ChartConfiguration<'line' | 'doughnut'>;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId: string;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line' | 'doughnut'> | null>(null);

  useEffect(() => {
    if (!canvas.current) return undefined;
    chart.current = new Chart(canvas.current, config);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
    // Created once; later configs go through the update below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data = config.data;
    if (config.options) current.options = config.options;
    current.update();
  }, [config]);

  return (
    <div style={{ position: 'relative', height }}>
      <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}
