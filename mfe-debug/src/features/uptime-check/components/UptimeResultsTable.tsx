import type { UptimeResult } from '@healthlink/contracts';
import { VisuallyHidden } from '@healthlink/web-ui';
import { UptimePageTexts } from '../lib/uptime-texts';
import { UptimeStatusBadge } from './UptimeStatusBadge';

/** The spec's table (part 2 §2). At 360 px it scrolls sideways inside its own region, reachable by keyboard. */
export function UptimeResultsTable({ results }: { results: UptimeResult[] }) {
  return (
    <div className="uptime-table" role="region" aria-label={UptimePageTexts.tableLabel} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {UptimePageTexts.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.insurer}>
              <th scope="row">{result.insurer}</th>
              <td className="uptime-table__endpoint">{result.endpoint || UptimePageTexts.notConfigured}</td>
              <td>
                <UptimeStatusBadge status={result.status} />
              </td>
              <td className="uptime-table__number">
                {result.responseTime === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <VisuallyHidden>{UptimePageTexts.notMeasured}</VisuallyHidden>
                  </>
                ) : (
                  result.responseTime.toLocaleString('en-US')
                )}
              </td>
              <td>{result.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
