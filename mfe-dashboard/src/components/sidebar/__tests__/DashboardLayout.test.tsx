import { screen, within } from '@testing-library/react';
import { MEDIUM_SCREEN_QUERY, SMALL_SCREEN_QUERY } from '@healthlink/web-ui';
import { renderPage } from '@healthlink/test-support/render-page';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { setupUser } from '@healthlink/test-support/user';
import { WidgetCard } from '../../widget/WidgetCard';
import { DashboardLayout } from '../DashboardLayout';
import { ANCHORS_OF, REDUCED_MOTION_QUERY, SECTIONS, type SidebarMode } from '../sidebar-sections';

const NORMAL = ['Add Insurance', 'Rx History', 'Rx Interactions', 'Health History', 'Clinical Trials', 'Medicare Options'];
const AI = ['Add Insurance', 'Symptom Monitoring', 'Recommended Tests', 'Procedures', 'Your Medical Data', 'Rx History', 'Health History'];

function renderLayout(mode: SidebarMode) {
  const path = mode === 'ai' ? '/app/aiDashboard' : '/app/dashboard';
  return renderPage(
    <DashboardLayout mode={mode}>
      {ANCHORS_OF[mode].map((key) => (
        <WidgetCard key={key} {...SECTIONS[key]}>
          <p>{SECTIONS[key].title} content</p>
        </WidgetCard>
      ))}
    </DashboardLayout>,
    path,
    { routePath: '*' },
  );
}

const sectionEntries = (nav: HTMLElement) =>
  within(within(nav).getAllByRole('list')[0] as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);

let scrollTo: jest.Mock;

beforeEach(() => {
  scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

describe('dashboard sidebar on a large screen', () => {
  it('normal mode: Add Insurance to /insuranceSelect, then the five anchors', () => {
    renderLayout('normal');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(sectionEntries(nav)).toEqual(NORMAL);
    expect(within(nav).getByRole('link', { name: 'Add Insurance' })).toHaveAttribute('href', '/insuranceSelect');
    expect(within(nav).getByRole('link', { name: 'Rx History' })).toHaveAttribute('href', '#rx-history');
    expect(within(nav).getByRole('link', { name: 'Standard view' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument();
  });

  it('AI mode: Add Insurance, then its six anchors; the view switch leads back to the standard dashboard', async () => {
    const user = setupUser();
    renderLayout('ai');
    const nav = screen.getByRole('navigation', { name: 'AI dashboard' });
    expect(sectionEntries(nav)).toEqual(AI);
    expect(within(nav).getByRole('link', { name: 'AI view' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Standard view' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard');
  });

  it('collapses to icons by a labelled toggle, every entry keeping its name', async () => {
    const user = setupUser();
    renderLayout('normal');
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(sectionEntries(nav)).toEqual(NORMAL);
    expect(within(nav).getByRole('link', { name: 'Health History' })).toHaveAttribute('title', 'Health History');
    expect(nav.closest('aside')).toHaveClass('dash-sidebar--collapsed');
    await user.click(expand);
    expect(within(nav).getByRole('link', { name: 'Health History' })).not.toHaveAttribute('title');
  });

  it('an anchor scrolls smoothly to 80px above its section and moves focus to its heading', async () => {
    const user = setupUser();
    renderLayout('normal');
    const section = screen.getByRole('region', { name: 'Health History' });
    section.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    await user.click(screen.getByRole('link', { name: 'Health History' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 820, behavior: 'smooth' });
    expect(screen.getByRole('heading', { level: 2, name: 'Health History' })).toHaveFocus();
  });

  it('jumps without animation when the member prefers reduced motion', async () => {
    mockMediaQueries([REDUCED_MOTION_QUERY]);
    const user = setupUser();
    renderLayout('normal');
    screen.getByRole('region', { name: 'Clinical Trials' }).getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    await user.click(screen.getByRole('link', { name: 'Clinical Trials' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 420, behavior: 'auto' });
  });

  it('works by keyboard alone: Tab to an anchor, Enter, and Tab carries on inside that section', async () => {
    const user = setupUser();
    renderLayout('normal');
    await user.tab(); // the collapse toggle
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveFocus();
    await user.tab(); // Add Insurance
    await user.tab(); // Rx History
    await user.tab(); // Rx Interactions
    expect(screen.getByRole('link', { name: 'Rx Interactions' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Rx Interactions' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Minimize Rx Interactions' })).toHaveFocus();
  });
});

describe('dashboard sidebar at 640px and below', () => {
  beforeEach(() => mockMediaQueries([SMALL_SCREEN_QUERY]));

  it('is a Menu bar opening a drawer; choosing an anchor closes it, scrolls to 120px and focuses the section', async () => {
    const user = setupUser();
    renderLayout('normal');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Dashboard menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Dashboard menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(sectionEntries(within(drawer).getByRole('navigation'))).toEqual(NORMAL);
    expect(within(drawer).getByRole('link', { name: 'Add Insurance' })).toHaveFocus();

    screen.getByRole('region', { name: 'Medicare Options' }).getBoundingClientRect = () => ({ top: 1500 }) as DOMRect;
    await user.click(within(drawer).getByRole('link', { name: 'Medicare Options' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 1380, behavior: 'smooth' });
    expect(screen.getByRole('heading', { level: 2, name: 'Medicare Options' })).toHaveFocus();
  });

  it('keeps focus inside the drawer; Escape closes it and focus returns to Menu', async () => {
    const user = setupUser();
    renderLayout('ai');
    await user.click(screen.getByRole('button', { name: 'Dashboard menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Dashboard menu' });
    expect(sectionEntries(within(drawer).getByRole('navigation'))).toEqual(AI);
    await user.tab({ shift: true });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(drawer).getByRole('link', { name: 'AI view' })).toHaveFocus();
    await user.tab();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveFocus();
  });

  it('the close button closes it too', async () => {
    const user = setupUser();
    renderLayout('normal');
    await user.click(screen.getByRole('button', { name: 'Dashboard menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveFocus();
  });
});

describe('dashboard sidebar on a medium screen (641-1000px)', () => {
  beforeEach(() => mockMediaQueries([MEDIUM_SCREEN_QUERY]));

  it('starts with icons only, and expands on request', async () => {
    const user = setupUser();
    renderLayout('normal');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(nav.closest('aside')).toHaveClass('dash-sidebar--collapsed');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(nav.closest('aside')).not.toHaveClass('dash-sidebar--collapsed');
  });
});
