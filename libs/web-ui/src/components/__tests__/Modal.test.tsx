import { StrictMode, useState } from 'react';
import { render, screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { Modal } from '../Modal';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

function Harness({ closeOnEscape, showCloseButton }: { closeOnEscape?: boolean; showCloseButton?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Edit name" closeOnEscape={closeOnEscape} showCloseButton={showCloseButton}>
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

async function open() {
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return opener;
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with focus moved to its first field', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Edit name' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('lands on the first field under StrictMode too (effects run twice there)', async () => {
    render(
      <StrictMode>
        <Harness showCloseButton={false} />
      </StrictMode>,
    );
    const opener = await open();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  it('starts at the first control when it has no field', () => {
    render(
      <Modal open onClose={() => undefined} title="Done">
        <button type="button">OK</button>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<Harness />);
    await open();
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('pulls focus back when it lands outside the dialog', async () => {
    render(<Harness />);
    const opener = await open();
    opener.focus();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and on its close button, giving focus back to the opener', async () => {
    render(<Harness />);
    const opener = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await open();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('ignores Escape when told to, and can leave out its own close button', async () => {
    render(<Harness closeOnEscape={false} showCloseButton={false} />);
    await open();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not close on a click on the backdrop', async () => {
    render(<Harness />);
    await open();
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('blocks page scroll while open and restores it after', async () => {
    document.body.style.overflow = 'auto';
    render(<Harness />);
    await open();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('auto');
  });
});
