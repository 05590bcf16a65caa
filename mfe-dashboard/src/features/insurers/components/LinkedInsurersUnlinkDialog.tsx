import type { InsurerLinkSummary } from '@healthlink/contracts';
import { Button, FormMessage, Modal, PendingActions } from '@healthlink/web-ui';
import { LinkedInsurersTexts as texts } from '../lib/linked-insurers-texts';

interface LinkedInsurersUnlinkDialogProps {
  /** The link to end; null keeps the dialog closed. */
  link: InsurerLinkSummary | null;
  pending: boolean;
  /** Why the last try failed, shown in the dialog so the member can try again or cancel. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before unlinking: names the insurer and says its data will be deleted from our service. */
export function LinkedInsurersUnlinkDialog({ link, pending, failure, onCancel, onConfirm }: LinkedInsurersUnlinkDialogProps) {
  const name = link?.name ?? '';
  return (
    <Modal open={link !== null} onClose={() => !pending && onCancel()} title={texts.dialogTitle(name)} closeOnEscape={!pending}>
      <p>{texts.dialogBody(name)}</p>
      <p>{texts.dialogRelink(name)}</p>
      <FormMessage>{failure}</FormMessage>
      <PendingActions pending={pending} label={texts.pending(name)}>
        <Button variant="secondary" onClick={onCancel}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {texts.confirm(name)}
        </Button>
      </PendingActions>
    </Modal>
  );
}
