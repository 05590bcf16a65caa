import { Link } from 'react-router';
import { PLAN_TABLE_BREAKPOINT, type PlanRankRow } from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@healthlink/web-ui';
import { planDetailsHref } from '../lib/plan-details-link';
import { columnOf, monthlyText, netImpactText, rankBarWidth, starsText, yearlyOf, type ScreenSize } from '../lib/plan-rows';
import { PlanTexts } from '../lib/plan-texts';

const LARGE_SCREEN_QUERY = '(min-width: 1401px)';
/** Above the breakpoint the plans are a table; at and below it (phones, 200% zoom) each plan is a card. */
export const PLAN_TABLE_QUERY = `(min-width: ${PLAN_TABLE_BREAKPOINT + 1}px)`;

function useScreenSize(): ScreenSize {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  return small ? 'small' : large ? 'large' : 'medium';
}

export interface PlanRankListProps {
  rows: PlanRankRow[];
  /** The totals the rank bars are scaled to (the top 5, part 2 §9). */
  compared: readonly (number | null)[];
  dataAsOf: string;
  /** Cards' heading level under the section's own heading. */
  headingLevel: 2 | 3;
  /** Load more moves focus to the first new plan. */
  refFor?: (index: number) => (element: HTMLElement | null) => void;
}

/** The bar reads as cost: the dearest compared plan has the longest bar. Decorative: the amount is in the text. */
function RankBar({ width }: { width: number }) {
  return (
    <span className="plan-bar" aria-hidden="true">
      <span className="plan-bar__fill" data-testid="rank-bar" style={{ width: `${width}px` }} />
    </span>
  );
}

function Stars({ rating }: { rating: number | null }) {
  return (
    <span className="plan-stars">
      {rating !== null && (
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M12 2l3 6.9 7.5.7-5.7 5 1.7 7.4L12 18.1 5.5 22l1.7-7.4-5.7-5 7.5-.7z" fill="currentColor" />
        </svg>
      )}
      {starsText(rating)}
    </span>
  );
}

function PlanLink({ row, dataAsOf }: { row: PlanRankRow; dataAsOf: string }) {
  return <Link to={planDetailsHref(row, dataAsOf)}>{columnOf(row, 'planName')}</Link>;
}

/** Below the breakpoint: one card per plan, its facts labelled (a definition list), nothing wider than the screen. */
function PlanCards({ rows, compared, dataAsOf, headingLevel, refFor, screen }: PlanRankListProps & { screen: ScreenSize }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="plan-cards" aria-label={PlanTexts.listLabel}>
      {rows.map((row, index) => {
        const yearly = yearlyOf(row);
        const impact = netImpactText(row.netImpact);
        return (
          <li key={row.bidId}>
            <article className="plan-card" aria-labelledby={`plan-${row.bidId}`}>
              <Heading id={`plan-${row.bidId}`} className="plan-card__title" ref={refFor?.(index)} tabIndex={refFor ? -1 : undefined}>
                <span className="plan-card__rank">{row.rank}.</span> <PlanLink row={row} dataAsOf={dataAsOf} />
              </Heading>
              <dl className="plan-card__facts">
                <div>
                  <dt>Carrier</dt>
                  <dd>{columnOf(row, 'carrier') || 'Not given'}</dd>
                </div>
                <div>
                  <dt>Estimated yearly cost</dt>
                  <dd>
                    {formatMoney(yearly)}
                    <RankBar width={rankBarWidth(yearly, compared, screen)} />
                  </dd>
                </div>
                <div>
                  <dt>Monthly</dt>
                  <dd>{monthlyText(yearly)}</dd>
                </div>
                {impact && (
                  <div>
                    <dt>Compared with your current plan</dt>
                    <dd>{impact}</dd>
                  </div>
                )}
                <div>
                  <dt>Star rating</dt>
                  <dd>
                    <Stars rating={row.starRating} />
                  </dd>
                </div>
              </dl>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** Above the breakpoint: a table, each plan's row headed by its name. */
function PlanTable({ rows, compared, dataAsOf, refFor, screen }: PlanRankListProps & { screen: ScreenSize }) {
  return (
    <div className="plan-table-wrap">
      <table className="plan-table">
        <caption className="plan-table__caption">{PlanTexts.listLabel}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Plan</th>
            <th scope="col">Carrier</th>
            <th scope="col">Estimated yearly cost</th>
            <th scope="col">Monthly</th>
            <th scope="col">Compared with your current plan</th>
            <th scope="col">Star rating</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const yearly = yearlyOf(row);
            return (
              <tr key={row.bidId}>
                <td>{row.rank}</td>
                <th scope="row" ref={refFor?.(index)} tabIndex={refFor ? -1 : undefined}>
                  <PlanLink row={row} dataAsOf={dataAsOf} />
                </th>
                <td>{columnOf(row, 'carrier') || 'Not given'}</td>
                <td>
                  {formatMoney(yearly)}
                  <RankBar width={rankBarWidth(yearly, compared, screen)} />
                </td>
                <td>{monthlyText(yearly)}</td>
                <td>{netImpactText(row.netImpact) ?? 'Not compared'}</td>
                <td>
                  <Stars rating={row.starRating} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The ranked plans, as a table on wide screens and as cards below PLAN_TABLE_BREAKPOINT (part 2 §9). */
export function PlanRankList(props: PlanRankListProps) {
  const wide = useMediaQuery(PLAN_TABLE_QUERY);
  const screen = useScreenSize();
  return wide ? <PlanTable {...props} screen={screen} /> : <PlanCards {...props} screen={screen} />;
}
