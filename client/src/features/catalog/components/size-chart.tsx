import type { SizeChart } from '../size-charts';

/** The category's measurements in inches, folded away until asked for. */
export function SizeChartDetails({ chart }: { chart: SizeChart }) {
  return (
    <details className="size-chart">
      <summary>Size chart (inches)</summary>
      <table className="size-chart__table">
        <caption>{chart.title}: garment measurements in inches</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Chest</th>
            <th scope="col">Length</th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              <td>{row.chest}″</td>
              <td>{row.length}″</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
