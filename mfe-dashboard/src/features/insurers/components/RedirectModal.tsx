import type { InsurerCatalogueEntry } from '@healthlink/contracts';
import { Button, Modal, PendingActions } from '@healthlink/web-ui';

interface RedirectModalProps {
  entry: InsurerCatalogueEntry | null;
  pending: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** For an entry whose members log in at another insurer: say where they are going before sending them. */
export function RedirectModal({ entry, pending, onCancel, onContinue }: RedirectModalProps) {
  const target = entry?.associatedInsurer ?? '';
  return (
    <Modal open={entry !== null} onClose={onCancel} title={`Log in with ${target}`} closeOnEscape={!pending}>
      <p>
        {entry?.name} members log in through {target}. When you continue, we take you to {target}&apos;s website to log in; afterwards you
        come back here while we gather your data.
      </p>
      <PendingActions pending={pending} label={`Taking you to ${target}`}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onContinue}>Continue</Button>
      </PendingActions>
    </Modal>
  );
}
