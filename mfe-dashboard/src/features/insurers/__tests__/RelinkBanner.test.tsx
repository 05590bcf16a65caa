import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { InsurerLinkSummary } from '@healthlink/contracts';
import { callsTo, serveApi, type ApiReply } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { RelinkBanner } from '../components/RelinkBanner';

const LINKS = 'GET /api/insurerDataFetch/links';

const link = (overrides: Partial<InsurerLinkSummary>): InsurerLinkSummary => ({
  insurer: 'aetna',
  name: 'Aetna',
  status: 'active',
  linkedAt: '2026-03-01T10:00:00.000Z',
  lastSyncedAt: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

function renderBanner(reply: ApiReply) {
  serveApi({ [LINKS]: reply });
  return renderPage(<RelinkBanner />, '/dashboard');
}

describe('RelinkBanner', () => {
  it('asks to link again each insurer that refused our access, and only those', async () => {
    renderBanner({
      status: 200,
      body: {
        links: [
          link({ insurer: 'aetna', name: 'Aetna', status: 'relink_required' }),
          link({ insurer: 'cigna', name: 'Cigna Healthcare' }),
          link({ insurer: 'humana', name: 'Humana', status: 'relink_required' }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Insurer connections to renew' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '!Your connection to Aetna needs to be renewedLink again',
      '!Your connection to Humana needs to be renewedLink again',
    ]);
    expect(screen.queryByText(/Cigna/)).not.toBeInTheDocument();
    const actions = screen.getAllByRole('link', { name: 'Link again' });
    expect(actions.map((a) => a.getAttribute('href'))).toEqual(['/insuranceSelect', '/insuranceSelect']);
    // Each "Link again" says which insurer it is for to a screen reader.
    expect(actions[1]).toHaveAccessibleDescription('Your connection to Humana needs to be renewed');
    expect(callsTo(LINKS)).toHaveLength(1);
  });

  it('takes the member to the insurer selection by keyboard', async () => {
    const user = setupUser();
    renderBanner({ status: 200, body: { links: [link({ status: 'relink_required' })] } });
    await screen.findByRole('link', { name: 'Link again' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Link again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/insuranceSelect$/);
  });

  it('has no axe violations', async () => {
    const { container } = renderBanner({ status: 200, body: { links: [link({ status: 'relink_required' })] } });
    await screen.findByRole('link', { name: 'Link again' });
    const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it.each<[string, ApiReply]>([
    ['every link is active', { status: 200, body: { links: [link({}), link({ insurer: 'cigna', name: 'Cigna Healthcare' })] } }],
    ['there is no link', { status: 200, body: { links: [] } }],
    ['the server fails', { status: 500, body: { code: 'SERVICE.INTERNAL', message: 'Something went wrong' } }],
    ['the server cannot be reached', 'network-error'],
  ])('shows nothing when %s', async (_case, reply) => {
    const { container } = renderBanner(reply);
    await waitFor(() => expect(callsTo(LINKS)).toHaveLength(1));
    // Give the answer time to render before checking that nothing did.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(container.querySelector('.relink-banner')).toBeNull();
  });
});
