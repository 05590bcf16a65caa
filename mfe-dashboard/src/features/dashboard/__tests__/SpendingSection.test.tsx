import { render, screen, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { SpendingSection } from '../components/SpendingSection';
import { SpendingChart } from '../components/SpendingChart';
import { SPENDING_SERIES, spendingRows } from '../lib/spending-rows';
import { buildPeriod, serveErrorLog, serveSpending } from './fake-dashboard-api';

/** The table's body rows as text: the period, then each amount. */
const tableRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]);

// The page and its lazy chunk render slowly on a loaded two-core machine; the waits inside are what is tested.
jest.setTimeout(20_000);

describe('"Where your money went"', () => {
  beforeEach(() => serveErrorLog());

  it('reads as a table by month: the 12 most recent months, a month without claims as $0, with the data date', async () => {
    const user = setupUser();
    serveSpending({
      month: {
        body: {
          by: 'month',
          periods: [
            buildPeriod('2023-01'),
            buildPeriod('2024-06', {
              patient_paid: '1505.90',
              deductible: '0.00',
              copay: '20.00',
              coinsurance: '300.00',
              insurer_paid: '6023.60',
            }),
            buildPeriod('2025-05', {
              patient_paid: '12.50',
              deductible: '0.00',
              copay: '12.50',
              coinsurance: '0.00',
              insurer_paid: '80.00',
            }),
          ],
          asOf: '2025-05-20T12:00:00Z',
        },
      },
    });
    renderPage(<SpendingSection />);
    const toggle = await screen.findByRole('button', { name: 'Show as table' });
    expect(screen.getByText(/Data as of May 20, 2025/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'What you paid by month, June 2024 to May 2025' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'You paid (out of pocket)', 'Deductible', 'Copays', 'Coinsurance', 'Your insurer paid']);
    const rows = tableRows();
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['June 2024', '$1,505.90', '$0', '$20.00', '$300.00', '$6,023.60']);
    expect(rows[1]).toEqual(['July 2024', '$0', '$0', '$0', '$0', '$0']);
    expect(rows[11]).toEqual(['May 2025', '$12.50', '$0', '$12.50', '$0', '$80.00']);
  });

  it('switches to years, every year from the first to the last', async () => {
    const user = setupUser();
    const asked = serveSpending({
      month: { body: { by: 'month', periods: [buildPeriod('2024-03')], asOf: null } },
      year: {
        body: {
          by: 'year',
          periods: [buildPeriod('2021', { patient_paid: '900.00' }), buildPeriod('2023', { patient_paid: '50.00' })],
          asOf: null,
        },
      },
    });
    renderPage(<SpendingSection />);
    await user.click(await screen.findByRole('button', { name: 'Show as table' }));
    await user.click(screen.getByRole('button', { name: 'By year' }));
    expect(await screen.findByRole('table', { name: 'What you paid by year, 2021 to 2023' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'By year' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'By month' })).toHaveAttribute('aria-pressed', 'false');
    expect(tableRows().map((row) => row.slice(0, 2))).toEqual([
      ['2021', '$900.00'],
      ['2022', '$0'],
      ['2023', '$50.00'],
    ]);
    expect(asked).toEqual(['month', 'year']);
  });

  it('shows the empty state when there is nothing to draw', async () => {
    serveSpending({ month: { body: { by: 'month', periods: [], asOf: null } } });
    renderPage(<SpendingSection />);
    expect(await screen.findByText('No Spending found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
  });

  it('draws each amount with its own pattern and a labelled legend in the same order, never by colour alone', () => {
    const rows = spendingRows({ by: 'year', periods: [buildPeriod('2024')], asOf: null });
    expect(rows).toEqual([
      expect.objectContaining({ period: '2024', label: '2024', patient_paid: 100, deductible: 40, copay: 25, coinsurance: 10 }),
    ]);
    const { container } = render(<SpendingChart rows={rows} title="Where your money went, by year" />);
    const items = Array.from(container.querySelectorAll('.recharts-legend-item'));
    expect(items.map((item) => item.textContent)).toEqual(SPENDING_SERIES.map((series) => series.label));
    const fills = items.map((item) => item.querySelector('.recharts-legend-icon')?.getAttribute('fill'));
    const patterns = new Set(
      fills.map((fill) => {
        const id = /^url\(#(.+)\)$/.exec(fill ?? '')?.[1] ?? '';
        return container.querySelector(`pattern[id="${id}"]`)?.innerHTML;
      }),
    );
    // Four different drawings, none missing.
    expect(patterns.size).toBe(4);
    expect(patterns.has(undefined)).toBe(false);
  });
});
