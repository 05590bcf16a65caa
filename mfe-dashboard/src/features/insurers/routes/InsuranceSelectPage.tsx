import { useEffect, useState, type ChangeEvent } from 'react';
import { toast } from 'react-hot-toast';
import { INSURER_CATALOGUE, InsurersErrorCode, type InsurerCatalogueEntry } from '@healthlink/contracts';
import { isApiError } from '@healthlink/web-runtime';
import { Button, Container, Modal, Spinner, TextField } from '@healthlink/web-ui';
import { useAuthorizeLink } from '../api/get-authorize-link';
import { useLinkedInsurers } from '../api/get-linked-insurers';
import { InsurerList } from '../components/InsurerList';
import { LinkingGuide } from '../components/LinkingGuide';
import { RedirectModal } from '../components/RedirectModal';
import { RequestInsurerForm } from '../components/RequestInsurerForm';
import { viewCatalogue } from '../lib/catalogue';
import { InsurerScreenTexts } from '../lib/insurer-screen-texts';
import { redirectTo } from '../lib/redirect';
import './insurers.css';

const count = (n: number) => `${n} ${n === 1 ? 'insurer' : 'insurers'}`;

export function InsuranceSelectPage() {
  const [query, setQuery] = useState('');
  const [showSandbox, setShowSandbox] = useState(false);
  const [confirming, setConfirming] = useState<InsurerCatalogueEntry | null>(null);
  // null: the request form is closed; otherwise the name it opens with.
  const [requestName, setRequestName] = useState<string | null>(null);
  const tokens = useLinkedInsurers();
  const authorize = useAuthorizeLink();
  const [leavingFor, setLeavingFor] = useState<InsurerCatalogueEntry | null>(null);

  useEffect(() => {
    // Back from the insurer's page out of the browser's page cache: the page is usable again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const view = viewCatalogue(INSURER_CATALOGUE, { query, showSandbox, tokens: tokens.data });
  const shown = view.linked.length + view.others.length;
  const busy = authorize.isPending || leavingFor !== null;

  function link(entry: InsurerCatalogueEntry) {
    if (!entry.insurer) return;
    authorize.mutate(
      { insurer: entry.insurer, subset: entry.subset },
      {
        onSuccess: ({ link: url }) => {
          setLeavingFor(entry);
          redirectTo(url);
        },
        onError: (error) => {
          setConfirming(null);
          // The insurer's own sign-in could not be found: the server's message names the insurer and says so.
          toast.error(
            isApiError(error) && error.code === InsurersErrorCode.DiscoveryFailed ? error.message : InsurerScreenTexts.redirectFailure,
          );
        },
      },
    );
  }

  function choose(entry: InsurerCatalogueEntry) {
    if (entry.comingSoon || !entry.insurer) setRequestName(entry.name);
    else if (entry.associatedInsurer) setConfirming(entry);
    else link(entry);
  }

  return (
    <Container className="page insurers">
      <h1>Choose Your Insurance Company</h1>
      <p className="insurers__lead">
        Link your health insurer to bring your claims, prescriptions and diagnoses into your dashboard. The 21st Century Cures Act gives you
        the right to this data.
      </p>

      <LinkingGuide />

      <section className="insurers__picker" aria-labelledby="insurer-picker-heading">
        <h2 id="insurer-picker-heading">Find your insurer</h2>
        <div className="insurers__filters">
          <TextField
            type="search"
            label="Search insurers"
            hint="By name, for example Aetna, Medicare or UHC"
            value={query}
            autoComplete="off"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
            className="insurers__search"
          />
          <label className="insurers__toggle">
            <input type="checkbox" role="switch" checked={showSandbox} onChange={(event) => setShowSandbox(event.target.checked)} />
            <span>Show sandbox insurers</span>
          </label>
        </div>

        <p role="status" className="insurers__status">
          {leavingFor
            ? `Taking you to ${leavingFor.associatedInsurer ?? leavingFor.name}...`
            : authorize.isPending
              ? 'Preparing your insurer login...'
              : tokens.isPending
                ? ''
                : `${count(shown)} shown`}
        </p>

        {tokens.isPending ? (
          <div className="insurers__loading">
            <Spinner label="Loading insurers" />
          </div>
        ) : (
          <>
            {tokens.isError && (
              <div className="insurers__notice" role="alert">
                <p>{InsurerScreenTexts.loadFailure}</p>
                <Button variant="secondary" onClick={() => tokens.refetch()}>
                  Retry
                </Button>
              </div>
            )}
            {view.linked.length > 0 && (
              <section aria-labelledby="insurers-linked-heading">
                <h3 id="insurers-linked-heading">Linked</h3>
                <InsurerList entries={view.linked} linked disabled={busy} onChoose={choose} />
              </section>
            )}
            {view.others.length > 0 && (
              <section aria-labelledby="insurers-others-heading">
                <h3 id="insurers-others-heading">{view.linked.length > 0 ? 'Other Insurers' : 'Insurers'}</h3>
                <InsurerList entries={view.others} disabled={busy} onChoose={choose} />
              </section>
            )}
            {shown === 0 && (
              <div className="insurers__empty">
                <p>No insurers match &ldquo;{query.trim()}&rdquo;.</p>
                {view.hiddenSandboxMatches > 0 && <p>Some sandbox insurers match; turn on Show sandbox insurers to see them.</p>}
                <p>Can&apos;t find yours? Ask us to add it.</p>
                <Button onClick={() => setRequestName(query.trim())}>Request this insurer</Button>
              </div>
            )}
          </>
        )}
      </section>

      <section className="insurers__request" aria-labelledby="insurer-request-heading">
        <h2 id="insurer-request-heading">Don&apos;t see your insurer?</h2>
        <p>Tell us which one you use and we will work on adding it.</p>
        <Button variant="secondary" onClick={() => setRequestName('')}>
          Request a new insurer
        </Button>
      </section>

      <RedirectModal
        entry={confirming}
        pending={busy}
        onCancel={() => setConfirming(null)}
        onContinue={() => confirming && link(confirming)}
      />
      <Modal open={requestName !== null} onClose={() => setRequestName(null)} title="Request a New Insurer">
        <RequestInsurerForm initialName={requestName ?? ''} onDone={() => setRequestName(null)} />
      </Modal>
    </Container>
  );
}
