import { useId, type Ref } from 'react';
import type { RxHistoryRow } from '@healthlink/contracts';
import { formatMoney, MISSING_MONEY, PriceNote } from '@healthlink/web-drugs';
import { formatDate } from '../../../components/date/format-date';

/** Whether the drugs-and-prices feature has priced this drug yet (null until then; `!=`: a field left out is none). */
export const isPriced = (row: RxHistoryRow): boolean => row.brandDrugBP != null || row.genericDrugBP != null;

interface BestPriceProps {
  kind: 'Brand' | 'Generic';
  name: string | null;
  price: string | null;
  source: string | null;
  saving: string | null;
  priceDate: string | null;
  /** How the price was worked out; shown on hover and keyboard focus with the date. */
  formula: string | null;
}

/**
 * One best price: the amount, how it was worked out (a tooltip on hover and focus), where, the saving and the date of
 * the price; N/A while there is none.
 */
function BestPrice({ kind, name, price, source, saving, priceDate, formula }: BestPriceProps) {
  return (
    <div className="rx-card__fact">
      <dt>
        Best {kind.toLowerCase()} price{name ? ` (${name})` : ''}
      </dt>
      <dd>
        {price == null ? (
          MISSING_MONEY
        ) : (
          <>
            <span className="rx-card__amount">{formatMoney(price)}</span>
            {formula && <PriceNote formula={formula} priceDate={priceDate} about={`${kind.toLowerCase()} price`} />}
            {source && <span> at {source}</span>}
            {saving != null && <span className="rx-card__saving">You save {formatMoney(saving)}</span>}
            {priceDate && <span className="rx-card__price-date">Price as of {formatDate(priceDate)}</span>}
          </>
        )}
      </dd>
    </div>
  );
}

export interface RxHistoryCardProps {
  row: RxHistoryRow;
  /** 3 under a dashboard card's h2, 2 under a list page's h1. */
  headingLevel: 2 | 3;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One prescription (part 2 §3's Rx history entry): a card whose facts sit in a grid, so it reads as a row on a
 * wide screen and stacks at 360px or 200% zoom. The heading takes focus when Load more brings it in.
 */
export function RxHistoryCard({ row, headingLevel, headingRef }: RxHistoryCardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="rx-card" aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="rx-card__title">
        {row.drug_name ?? 'Unnamed drug'}
      </Heading>
      <dl className="rx-card__facts">
        <div className="rx-card__fact">
          <dt>NDC</dt>
          <dd>{row.drug_ndc ?? 'Not given'}</dd>
        </div>
        <div className="rx-card__fact">
          <dt>Date prescribed</dt>
          <dd>{formatDate(row.date_prescribed)}</dd>
        </div>
        <div className="rx-card__fact">
          <dt>Provider</dt>
          <dd>{row.provider ?? 'Not given'}</dd>
        </div>
        <div className="rx-card__fact">
          <dt>You paid</dt>
          <dd>{formatMoney(row.patient_paid)}</dd>
        </div>
        <div className="rx-card__fact">
          <dt>Insurer paid</dt>
          <dd>{formatMoney(row.insurer_paid)}</dd>
        </div>
        <div className="rx-card__fact">
          <dt>Total</dt>
          <dd>{formatMoney(row.total_price)}</dd>
        </div>
        <BestPrice
          kind="Brand"
          name={row.brandDrugName}
          price={row.brandDrugBP}
          source={row.bestPriceBrandSource}
          saving={row.brandSavings}
          priceDate={row.priceDate}
          formula={row.priceFormula}
        />
        <BestPrice
          kind="Generic"
          name={row.genericDrugName}
          price={row.genericDrugBP}
          source={row.bestPriceGenericSource}
          saving={row.genericSavings}
          priceDate={row.priceDate}
          formula={row.priceFormula}
        />
      </dl>
    </article>
  );
}
