import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { InsurersErrorCode, type InsurerLinkSummary } from '@healthlink/contracts';
import { Button, buttonClassName, Spinner, VisuallyHidden } from '@healthlink/web-ui';
import { isApiError } from '@healthlink/web-runtime';
import { useInsurerLinks } from '../api/get-insurer-links';
import { useUnlinkInsurer } from '../api/unlink-insurer';
import { LinkedInsurersTexts as texts } from '../lib/linked-insurers-texts';
import { LinkedInsurersUnlinkDialog } from './LinkedInsurersUnlinkDialog';
import './linked-insurers.css';

type Outcome = { message: string; tone: 'success' | 'info' };

/**
 * The member's linked insurers, for the profile page: each with when its data was last updated, a hint to link it
 * again when the insurer asks, and Unlink behind a confirmation. The page around it gives the heading.
 */
export function LinkedInsurers() {
  const links = useInsurerLinks();
  const unlink = useUnlinkInsurer();
  const [confirming, setConfirming] = useState<InsurerLinkSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  // The button that opened the dialog goes with its insurer: the outcome takes the focus instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  function ask(link: InsurerLinkSummary) {
    setFailure(null);
    setConfirming(link);
  }

  function confirm() {
    if (!confirming) return;
    const target = confirming;
    setFailure(null);
    unlink.mutate(target.insurer, {
      onSuccess: ({ message, revokedAtInsurer }) => {
        setConfirming(null);
        setOutcome({ message, tone: revokedAtInsurer ? 'success' : 'info' });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === InsurersErrorCode.LinkNotFound) {
          // Unlinked meanwhile (another tab): nothing is left to do, the list catches up.
          setConfirming(null);
          setOutcome({ message: error.message, tone: 'info' });
          return;
        }
        setFailure(texts.unlinkFailure(target.name));
      },
    });
  }

  return (
    <div className="linked-insurers">
      <p ref={outcomeRef} tabIndex={-1} role="status" className={`hl-form-message hl-form-message--${outcome?.tone ?? 'info'}`}>
        {outcome?.message}
      </p>
      {links.data ? (
        links.data.links.length === 0 ? (
          <>
            <p>{texts.empty}</p>
            <Link to="/insuranceSelect" className={buttonClassName('primary')}>
              {texts.linkInsurer}
            </Link>
          </>
        ) : (
          <>
            <ul className="linked-insurers__list">
              {links.data.links.map((link) => (
                <li key={link.insurer} className="linked-insurers__item">
                  <div className="linked-insurers__details">
                    <h3 className="linked-insurers__name">{link.name}</h3>
                    <p className="linked-insurers__updated">
                      {link.lastSyncedAt ? texts.lastUpdated(link.lastSyncedAt) : texts.notUpdated}
                    </p>
                    {link.status === 'relink_required' && (
                      <p className="linked-insurers__relink">
                        <span className="linked-insurers__relink-icon" aria-hidden="true">
                          !
                        </span>
                        <span>
                          <strong>{texts.relinkLabel}</strong> {texts.relink(link.name)}{' '}
                          <Link to="/insuranceSelect">{texts.relinkAction(link.name)}</Link>
                        </span>
                      </p>
                    )}
                  </div>
                  <Button variant="secondary" onClick={() => ask(link)}>
                    {texts.unlink}
                    <VisuallyHidden> {link.name}</VisuallyHidden>
                  </Button>
                </li>
              ))}
            </ul>
            <Link to="/insuranceSelect">{texts.linkAnother}</Link>
          </>
        )
      ) : links.isError ? (
        <div role="alert">
          <p>{texts.loadFailure}</p>
          <Button variant="secondary" onClick={() => links.refetch()}>
            {texts.retry}
          </Button>
        </div>
      ) : (
        <div role="status">
          <Spinner label={texts.loading} />
        </div>
      )}
      <LinkedInsurersUnlinkDialog
        link={confirming}
        pending={unlink.isPending}
        failure={failure}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
