import { screen, within } from '@testing-library/react';
import { serveApi } from '@healthlink/test-support/api-server';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { renderPage } from '@healthlink/test-support/render-page';
import { AboutPage } from '../routes/AboutPage';
import { PARTNERS } from '../components/PartnerLogos';

describe('/about', () => {
  it('has the story, five partners, the six values and the dashboard section', () => {
    serveApi({});
    mockMediaQueries();
    renderPage(<AboutPage />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText(/CarePath began in Los Angeles in 2022/)).toBeInTheDocument();

    const partners = within(screen.getByRole('region', { name: 'Insurance partners' }));
    expect(partners.getAllByRole('listitem')).toHaveLength(5);
    for (const partner of PARTNERS) expect(partners.getByText(partner.name)).toBeInTheDocument();

    const values = within(screen.getByRole('region', { name: 'Our values' }));
    expect(values.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Vision',
      'Mission',
      'Innovation',
      'Customers',
      'Team',
      'Ethics',
    ]);

    const dashboard = within(screen.getByRole('region', { name: 'Your personal health dashboard' }));
    expect(dashboard.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(dashboard.getByText('Five years of medical history')).toBeInTheDocument();
  });
});
