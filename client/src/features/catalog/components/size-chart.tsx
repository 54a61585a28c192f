import { formatNumber, t, tMaybe } from '../../../lib/i18n/locale';
import type { SizeChart } from '../size-charts';

/** The category's measurements in inches, folded away until asked for. */
export function SizeChartDetails({ chart }: { chart: SizeChart }) {
  return (
    <details className="size-chart">
      <summary>{t('product.sizeChart')}</summary>
      <table className="size-chart__table">
        <caption>{t('product.sizeChartCaption', { title: tMaybe(`product.chart.${chart.title}`, chart.title) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.size')}</th>
            <th scope="col">{t('product.chest')}</th>
            <th scope="col">{t('product.length')}</th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              <td>{formatNumber(row.chest)}″</td>
              <td>{formatNumber(row.length)}″</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
