import { useState, type FormEvent } from 'react';
import { parseBrokerPhone } from '@healthlink/contracts';
import { Button, FormMessage, Modal, TextField } from '@healthlink/web-ui';
import { useGenerateLead } from '../api/generate-lead';
import { PlanTexts } from '../lib/plan-texts';

export interface BrokerLeadModalProps {
  open: boolean;
  onClose: () => void;
  /** The plan the member wants to switch to: context for the broker. */
  bidId: string;
  planName: string;
}

/**
 * Switch To This Plan (part 2 §4, §5): a dialog asking for a phone number (required, 10 digits), then "A broker will
 * reach out to you shortly!", or the spec's failure text with the form kept to try again. The Modal traps focus,
 * closes on Escape and gives focus back to the button that opened it.
 */
export function BrokerLeadModal({ open, onClose, bidId, planName }: BrokerLeadModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={PlanTexts.leadTitle}>
      {/* Mounted only while open: each opening starts with an empty form. */}
      <LeadForm bidId={bidId} planName={planName} onClose={onClose} />
    </Modal>
  );
}

function LeadForm({ bidId, planName, onClose }: Omit<BrokerLeadModalProps, 'open'>) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const lead = useGenerateLead();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lead.isPending) return;
    const parsed = parseBrokerPhone(phone);
    if (!parsed.ok) {
      setError(parsed.problem.message);
      (event.currentTarget.elements.namedItem('phoneNumber') as HTMLInputElement | null)?.focus();
      return;
    }
    setError(undefined);
    lead.mutate({ phoneNumber: parsed.value, bidId });
  }

  if (lead.isSuccess) {
    return (
      <>
        <p role="status" className="plan-lead__sent">
          {PlanTexts.leadSent}
        </p>
        <Button onClick={onClose}>Done</Button>
      </>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="plan-lead">
      <p>
        {PlanTexts.leadIntro} <strong>{planName}</strong>.
      </p>
      <p className="plan-lead__privacy">{PlanTexts.leadPrivacy}</p>
      <TextField
        label="Phone number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={error}
      />
      <FormMessage>{lead.isError ? PlanTexts.leadFailed : null}</FormMessage>
      <div className="plan-lead__actions">
        <Button type="submit" aria-disabled={lead.isPending || undefined}>
          {lead.isPending ? 'Sending…' : 'Ask a broker to call me'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
