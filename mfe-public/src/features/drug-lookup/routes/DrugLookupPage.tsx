import { useState } from 'react';
import { PricingTexts, type DrugLookupResponse, type DrugMatch, type LookedUpDrug, type DrugPricing } from '@healthlink/contracts';
import { usePageTitle } from '@healthlink/web-runtime';
import { Container, FormMessage } from '@healthlink/web-ui';
import { DrugLookupForm, DrugMatchList, DrugResultPanel, lookupFailure, useDrugLookup, type LookupInput } from '@healthlink/web-drugs';
import { SignUpInvite } from '../components/SignUpInvite';
import './drug-lookup.css';

type View =
  | { kind: 'none' }
  | { kind: 'matches'; matches: DrugMatch[]; input: LookupInput }
  | { kind: 'drug'; drug: LookedUpDrug; pricing: DrugPricing | null };

/**
 * /drugLookup (the public single-drug lookup, the route the project chose): the same form and results as
 * /drugEntry, without saving. Choosing a match looks it up by its NDC to show its prices, then invites the visitor
 * to sign up to save it and get coupons.
 */
export function DrugLookupPage() {
  usePageTitle('Look up a drug price');
  const [view, setView] = useState<View>({ kind: 'none' });
  const [choiceProblem, setChoiceProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<DrugMatch | null>(null);
  const priceLookup = useDrugLookup();

  function showResponse(response: DrugLookupResponse, input: LookupInput) {
    if (response.drug) setView({ kind: 'drug', drug: response.drug, pricing: response.pricing });
    else if (response.matches?.length) setView({ kind: 'matches', matches: response.matches, input });
  }

  function seePrices(match: DrugMatch, input: LookupInput) {
    setChoiceProblem(null);
    setChosen(match);
    const request = { ...input.request, drugName: match.drugName, ...(match.ndc ? { ndc: match.ndc } : {}) };
    priceLookup.mutate(
      { ...input, request },
      {
        onSuccess: (response) => {
          if (response.drug) setView({ kind: 'drug', drug: response.drug, pricing: response.pricing });
          else setChoiceProblem(response.error && response.message ? response.message : PricingTexts.lookupNone);
        },
        onError: (error) => setChoiceProblem(lookupFailure(error).message),
        onSettled: () => setChosen(null),
      },
    );
  }

  return (
    <Container className="page drug-lookup">
      <h1>{PricingTexts.lookupTitle}</h1>
      <p className="drug-lookup__lead">
        Enter a drug from your label to see what it costs at average pharmacy prices, as brand and as generic.
      </p>
      <DrugLookupForm
        onStart={() => {
          setView({ kind: 'none' });
          setChoiceProblem(null);
        }}
        onResult={showResponse}
      />
      {view.kind === 'matches' && (
        <>
          <DrugMatchList
            matches={view.matches}
            chooseLabel="See prices"
            busyLabel="Looking up..."
            busy={chosen}
            onChoose={(match) => seePrices(match, view.input)}
          />
          <FormMessage>{choiceProblem}</FormMessage>
        </>
      )}
      {view.kind === 'drug' && (
        <DrugResultPanel drug={view.drug} pricing={view.pricing}>
          <SignUpInvite />
        </DrugResultPanel>
      )}
    </Container>
  );
}
