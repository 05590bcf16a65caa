import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { PricingTexts, type AddUserDrugRequest, type DrugMatch, type DrugPricing, type LookedUpDrug } from '@healthlink/contracts';
import { isApiError, isServiceFailure, usePageTitle } from '@healthlink/web-runtime';
import { Button, buttonClassName, Container, FormMessage } from '@healthlink/web-ui';
import { DrugLookupForm, DrugMatchList, DrugResultPanel, useAddUserDrug, type LookupInput } from '@healthlink/web-drugs';
import './onboarding.css';

const DASHBOARD_PATH = '/app/dashboard';

type View =
  | { kind: 'none' }
  | { kind: 'matches'; matches: DrugMatch[]; input: LookupInput }
  | { kind: 'drug'; drug: LookedUpDrug; pricing: DrugPricing | null; input: LookupInput };

/** Part 1 §8: saving fails with the server's message, or "Failed to save drug". */
export function saveFailure(error: unknown): string {
  if (isServiceFailure(error) || !isApiError(error)) return PricingTexts.saveFailed;
  return error.fieldErrors[0]?.message ?? (error.message || PricingTexts.saveFailed);
}

/** The drug as saved: the form's fields with the chosen match's (or the single result's) name, NDC and RxCUI. */
function addRequest(input: LookupInput, drug: { drugName: string; ndc: string | null; rxcui: string | null }): AddUserDrugRequest {
  const { ndc: typedNdc, ...fields } = input.request;
  const ndc = drug.ndc ?? typedNdc;
  return { ...fields, drugName: drug.drugName, ...(ndc ? { ndc } : {}), ...(drug.rxcui ? { rxcui: drug.rxcui } : {}) };
}

/**
 * /drugEntry (part 1 §2): manual prescription entry. A name gives match cards and choosing one saves it; an NDC (or
 * a single match) gives the Results panel with its prices and a Save button. Saved: the dashboard.
 */
export function DrugEntryPage() {
  usePageTitle('Add a Prescription');
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'none' });
  const [saving, setSaving] = useState<DrugMatch | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const add = useAddUserDrug();

  function save(request: AddUserDrugRequest, match: DrugMatch | null) {
    setSaveProblem(null);
    setSaving(match);
    add.mutate(request, {
      onSuccess: ({ message }) => {
        if (message) toast.success(message, { duration: 2000 });
        navigate(DASHBOARD_PATH);
      },
      onError: (error) => setSaveProblem(saveFailure(error)),
      onSettled: () => setSaving(null),
    });
  }

  return (
    <Container className="page onboarding drug-entry">
      <h1>{PricingTexts.lookupTitle}</h1>
      <p className="onboarding__lead">Enter a drug as it reads on your label. We look it up by name or NDC and show its prices.</p>
      <DrugLookupForm
        onStart={() => {
          setView({ kind: 'none' });
          setSaveProblem(null);
        }}
        onResult={(response, input) => {
          if (response.drug) setView({ kind: 'drug', drug: response.drug, pricing: response.pricing, input });
          else if (response.matches?.length) setView({ kind: 'matches', matches: response.matches, input });
        }}
        secondaryAction={
          <Link to="/insuranceSelect" className={buttonClassName('secondary')}>
            Link your health insurance company instead
          </Link>
        }
      />
      {view.kind === 'matches' && (
        <>
          <DrugMatchList
            matches={view.matches}
            chooseLabel="Choose"
            busyLabel="Saving..."
            busy={add.isPending ? saving : null}
            onChoose={(match) => save(addRequest(view.input, match), match)}
          />
          <FormMessage>{saveProblem}</FormMessage>
        </>
      )}
      {view.kind === 'drug' && (
        <DrugResultPanel drug={view.drug} pricing={view.pricing}>
          <FormMessage>{saveProblem}</FormMessage>
          <Button
            disabled={add.isPending}
            onClick={() =>
              save(addRequest(view.input, { drugName: view.drug.drug_name, ndc: view.drug.drug_ndc, rxcui: view.drug.drug_rxcui }), null)
            }
          >
            {add.isPending ? 'Saving...' : 'Save this drug'}
          </Button>
        </DrugResultPanel>
      )}
    </Container>
  );
}
