import { act, render, screen, within } from '@testing-library/react';
import { setupUser } from '@healthlink/test-support/user';
import { RxHistoryCard } from '../components/RxHistoryCard';
import { buildRxRow } from './fake-rx-api';

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

const PRICED = buildRxRow({
  drug_name: 'Lipitor',
  brandDrugBP: '310.5',
  bestPriceBrandSource: 'NADAC',
  brandDrugName: 'Lipitor 20 MG Oral Tablet',
  genericDrugBP: '11.85',
  genericDrugName: 'Atorvastatin Calcium 20 MG Oral Tablet',
  genericSavings: '33.15',
  priceDate: '2026-04-22',
  priceFormula: '30 EA x $0.04512 NADAC + $10.50 dispensing fee',
});

describe('RxHistoryCard prices', () => {
  it('shows how each price was worked out, with its date, on keyboard focus and on hover', async () => {
    const user = setupUser();
    render(<RxHistoryCard row={PRICED} headingLevel={2} />);
    const generic = fact('Best generic price (Atorvastatin Calcium 20 MG Oral Tablet)');
    expect(generic).toHaveTextContent('$11.85');
    expect(generic).toHaveTextContent('Price as of Apr 22, 2026');
    const button = within(generic).getByRole('button', { name: 'How this price was worked out: generic price' });
    // Read by screen readers without opening anything.
    expect(button).toHaveAccessibleDescription('30 EA x $0.04512 NADAC + $10.50 dispensing fee. Price data as of Apr 22, 2026.');
    expect(within(generic).queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    expect(within(generic).getByRole('tooltip')).toHaveTextContent('30 EA x $0.04512 NADAC + $10.50 dispensing fee');
    await user.keyboard('{Escape}');
    expect(within(generic).queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => button.blur());

    await user.hover(button);
    expect(within(generic).getByRole('tooltip')).toBeVisible();
    await user.unhover(button);
    expect(within(generic).queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps N/A, with no formula, while a price is missing', () => {
    render(<RxHistoryCard row={{ ...PRICED, brandDrugBP: null }} headingLevel={2} />);
    const brand = fact('Best brand price (Lipitor 20 MG Oral Tablet)');
    expect(brand).toHaveTextContent(/^N\/A$/);
    expect(within(brand).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no formula button when the row has no formula', () => {
    render(<RxHistoryCard row={{ ...PRICED, priceFormula: null }} headingLevel={2} />);
    expect(screen.queryByRole('button', { name: /How this price was worked out/ })).not.toBeInTheDocument();
    expect(fact('Best generic price (Atorvastatin Calcium 20 MG Oral Tablet)')).toHaveTextContent('$11.85');
  });
});
