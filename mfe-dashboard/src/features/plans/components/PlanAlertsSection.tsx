import { useId } from 'react';
import { Button } from '@healthlink/web-ui';
import { usePlanAlerts, useSavePlanAlerts } from '../api/plan-alerts';
import { PlanTexts } from '../lib/plan-texts';
import './plans.css';

/**
 * The profile page's "Medicare plan alerts" (issue 17 point 5): opt in to, or out of, the enrollment-season e-mail.
 * A checkbox saved as soon as it changes (PUT alerts { optedIn }); while saving it cannot change again, and a failed
 * save keeps the setting as it was and says so.
 */
export function PlanAlertsSection() {
  const id = useId();
  const alerts = usePlanAlerts();
  const save = useSavePlanAlerts();
  const optedIn = alerts.data?.optedIn ?? false;
  return (
    <section className="plan-alerts" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{PlanTexts.alertsTitle}</h2>
      <p id={`${id}-text`}>{PlanTexts.alertsText}</p>
      {alerts.isError ? (
        <div role="alert">
          <p>{PlanTexts.alertsLoadFailed}</p>
          <Button variant="secondary" onClick={() => void alerts.refetch()}>
            Retry
          </Button>
        </div>
      ) : !alerts.data ? (
        <p role="status">Loading your Medicare plan alert setting…</p>
      ) : (
        <>
          <label className="plan-alerts__choice">
            <input
              type="checkbox"
              checked={save.isPending ? !!save.variables?.optedIn : optedIn}
              aria-describedby={`${id}-text`}
              aria-disabled={save.isPending || undefined}
              onChange={(event) => {
                if (save.isPending) return;
                save.mutate({ optedIn: event.target.checked });
              }}
            />{' '}
            {PlanTexts.alertsLabel}
          </label>
          <p role="status" className="plan-alerts__status">
            {save.isPending ? 'Saving…' : save.isSuccess ? (optedIn ? PlanTexts.alertsOn : PlanTexts.alertsOff) : ''}
          </p>
          {save.isError && <p role="alert">{PlanTexts.alertsSaveFailed}</p>}
        </>
      )}
    </section>
  );
}
