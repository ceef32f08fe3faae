/**
 * The dashboard's bar chart, loaded on demand (`import("./bar-chart.js")`) so Chart.js is not in
 * the app's first download; only its bar pieces are registered, so the rest of Chart.js is left
 * out of the chunk. This year and last year differ by more than hue: this year's bars are solid,
 * last year's hatched with diagonal lines and outlined, and the legend shows the same. The bars'
 * heights are the server's amounts read as numbers for drawing only; every amount the reader
 * reads (tooltip, table) is the server's decimal string, formatted.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  /** per month, the server's decimal; null for a month that has not come yet */
  values: ReadonlyArray<string | null>;
}

export interface BarChartInput {
  labels: readonly string[];
  current: BarSeries;
  earlier: BarSeries;
  /** how the tooltip shows a decimal, e.g. `€ 1.234,56` */
  formatAmount: (decimal: string) => string;
  /** how an axis tick shows a whole number of euros, e.g. `€ 1.000` */
  formatTick: (value: number) => string;
  /** a click on a bar: which series (0 this year, 1 last year) and which month (0–11) */
  onBar: (series: number, month: number) => void;
}

const SOLID = "#0b5cad";
const HATCH = "#52606d";
const TEXT = "#52606d";

/** Diagonal lines on white: last year's fill, also in the legend. */
function hatched(canvas: HTMLCanvasElement): CanvasPattern | string {
  const tile = canvas.ownerDocument.createElement("canvas");
  tile.width = 8;
  tile.height = 8;
  const context = tile.getContext("2d");
  if (context === null) return "#ffffff";
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 8, 8);
  context.strokeStyle = HATCH;
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(0, 8);
  context.lineTo(8, 0);
  context.moveTo(-2, 2);
  context.lineTo(2, -2);
  context.moveTo(6, 10);
  context.lineTo(10, 6);
  context.stroke();
  return context.createPattern(tile, "repeat") ?? "#ffffff";
}

const heights = (values: ReadonlyArray<string | null>) =>
  values.map((value) => (value === null ? null : Number(value)));

export function drawBarChart(canvas: HTMLCanvasElement, input: BarChartInput): { destroy: () => void } {
  const chart = new Chart(canvas, {
    type: "bar",
    data: {
      labels: [...input.labels],
      datasets: [
        {
          label: input.current.label,
          data: heights(input.current.values),
          backgroundColor: SOLID,
          borderColor: SOLID,
          borderWidth: 1,
        },
        {
          label: input.earlier.label,
          data: heights(input.earlier.values),
          backgroundColor: hatched(canvas),
          borderColor: HATCH,
          borderWidth: 1.5,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      color: TEXT,
      scales: {
        x: { ticks: { color: TEXT }, grid: { display: false } },
        y: { beginAtZero: true, ticks: { color: TEXT, callback: (value) => input.formatTick(Number(value)) } },
      },
      plugins: {
        legend: { position: "bottom", labels: { color: TEXT, boxWidth: 18, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const series = item.datasetIndex === 0 ? input.current : input.earlier;
              const value = series.values[item.dataIndex];
              return `${series.label}: ${value === null || value === undefined ? "" : input.formatAmount(value)}`;
            },
          },
        },
      },
      onClick: (_event, elements) => {
        const [element] = elements;
        if (element !== undefined) input.onBar(element.datasetIndex, element.index);
      },
    },
  });
  return { destroy: () => chart.destroy() };
}
