import type { SpendingGrouping } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { SPENDING_SERIES, type SpendingRow } from '../lib/spending-rows';

/** The chart's figures as a table: the accessible alternative, and the exact amounts. */
export function SpendingTable({ id, rows, by }: { id: string; rows: readonly SpendingRow[]; by: SpendingGrouping }) {
  return (
    <div className="dash-spending__table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table id={id} className="dash-spending__table">
        <caption id={`${id}-caption`}>
          What you paid {by === 'year' ? 'by year' : 'by month'}, {rows[0]?.label} to {rows[rows.length - 1]?.label}
        </caption>
        <thead>
          <tr>
            <th scope="col">{by === 'year' ? 'Year' : 'Month'}</th>
            {SPENDING_SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
            <th scope="col">Your insurer paid</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{row.label}</th>
              {SPENDING_SERIES.map((series) => (
                <td key={series.key}>{formatMoney(row.money[series.key])}</td>
              ))}
              <td>{formatMoney(row.money.insurer_paid)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
