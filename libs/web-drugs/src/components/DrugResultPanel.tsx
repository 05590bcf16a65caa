import { useId, type ReactNode } from 'react';
import type { DrugPricing, FillPrice, LookedUpDrug } from '@healthlink/contracts';
import { DrugTexts } from '../lib/drug-texts';
import { formatMoney, formatPriceDate } from '../lib/format';
import { useRevealOnMount } from '../lib/useRevealOnMount';
import { PriceNote } from './PriceNote';
import '../drugs.css';

function FillPriceFact({ kind, fill }: { kind: 'Brand' | 'Generic'; fill: FillPrice | null }) {
  const date = formatPriceDate(fill?.priceDate);
  return (
    <div className="drug-card__fact">
      <dt>{kind} price per fill</dt>
      <dd>
        {fill ? (
          <>
            <span className="drug-price__amount">{formatMoney(fill.price)}</span>
            <PriceNote formula={fill.formula} priceDate={fill.priceDate} about={`${kind.toLowerCase()} price`} />
            <span className="drug-price__name">{fill.name}</span>
            {date && <span className="drug-price__date">Price as of {date}</span>}
          </>
        ) : (
          <span>{DrugTexts.noPrice}</span>
        )}
      </dd>
    </div>
  );
}

export interface DrugResultPanelProps {
  drug: LookedUpDrug;
  pricing: DrugPricing | null;
  /** 2 under the page's h1 (default); 3 when the panel sits inside a section. */
  headingLevel?: 2 | 3;
  /** What the visitor can do next (save, sign up). */
  children?: ReactNode;
}

/**
 * The single result (part 1 §2): drug name, NDC and RXCUI, then the brand and generic price per fill, each with its
 * date and its formula on hover or focus, what the member paid and what the cheaper form would save.
 */
export function DrugResultPanel({ drug, pricing, headingLevel = 2, children }: DrugResultPanelProps) {
  const headingRef = useRevealOnMount<HTMLHeadingElement>();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="drug-result" aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="drug-result__title">
        {DrugTexts.resultsTitle}
      </Heading>
      <dl className="drug-card__facts">
        <div className="drug-card__fact">
          <dt>Drug name</dt>
          <dd>{drug.drug_name}</dd>
        </div>
        <div className="drug-card__fact">
          <dt>NDC</dt>
          <dd>{drug.drug_ndc || DrugTexts.notAvailable}</dd>
        </div>
        <div className="drug-card__fact">
          <dt>RXCUI</dt>
          <dd>{drug.drug_rxcui || DrugTexts.notAvailable}</dd>
        </div>
        {pricing && (
          <>
            <FillPriceFact kind="Brand" fill={pricing.brand} />
            <FillPriceFact kind="Generic" fill={pricing.generic} />
            <div className="drug-card__fact">
              <dt>You paid</dt>
              <dd>{formatMoney(pricing.patientPaid)}</dd>
            </div>
            <div className="drug-card__fact">
              <dt>Savings</dt>
              <dd>
                {pricing.savings
                  ? `You could save ${formatMoney(pricing.savings)} a fill`
                  : 'No savings: what you paid is at or below these prices'}
              </dd>
            </div>
          </>
        )}
      </dl>
      {!pricing && <p className="drug-result__note">We have no price for this drug yet.</p>}
      {children}
    </section>
  );
}
