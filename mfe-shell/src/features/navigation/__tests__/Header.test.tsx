import { act, screen, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { SESSION_EVENT, TOKEN_KEY } from '@healthlink/web-runtime';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { mockScreen, renderShell, signIn } from '../../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('header', () => {
  beforeEach(() => {
    localStorage.clear();
    mockScreen(false);
  });

  it('for a visitor: Home, About, Contact, Blog, Register and a Login button; no member links', async () => {
    renderShell('/contact');
    await screen.findByRole('heading', { level: 1 });
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('button', { name: 'About' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Blog (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(nav.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(nav.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CarePath home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Blog (opens in a new tab)' })).toHaveAttribute('href', TEST_SITE_INFO.blogUrl);
  });

  it('for a member: Dashboard (current on the dashboard), Profile and Logout; Logout ends the session and goes to /', async () => {
    signIn();
    renderShell('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' });
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/userProfile');
    expect(nav.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(nav.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(within(mainNav()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('highlights the About section on /curesAct', async () => {
    renderShell('/curesAct');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'About' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('switches to the member header when another bundle announces a login', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    act(() => {
      signIn();
      window.dispatchEvent(new CustomEvent(SESSION_EVENT));
    });
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('About dropdown', () => {
  beforeEach(() => {
    localStorage.clear();
    mockScreen(false);
  });

  async function setup() {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    return screen.getByRole('button', { name: 'About' });
  }

  it('opens with ArrowDown on the first item, moves with the arrows, and Escape closes it back to the button', async () => {
    const toggle = await setup();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(mainNav()).queryByRole('link', { name: 'About Us' })).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const aboutUs = within(mainNav()).getByRole('link', { name: 'About Us' });
    expect(aboutUs).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(within(mainNav()).getByRole('link', { name: 'Cures Act' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(aboutUs).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens on click, closes on a click outside', async () => {
    const toggle = await setup();
    await user.click(toggle);
    expect(within(mainNav()).getByRole('link', { name: 'Cures Act' })).toHaveAttribute('href', '/curesAct');

    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(mainNav()).queryByRole('link', { name: 'Cures Act' })).not.toBeInTheDocument();
  });

  it('a second click closes it; Escape on the button closes it; focus leaving the menu closes it', async () => {
    const toggle = await setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    const curesAct = within(mainNav()).getByRole('link', { name: 'Cures Act' });
    expect(curesAct).toHaveFocus();
    await user.tab();
    expect(within(mainNav()).getByRole('link', { name: 'Contact' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when an item is chosen, and the page changes', async () => {
    const toggle = await setup();
    await user.click(toggle);
    await user.click(within(mainNav()).getByRole('link', { name: 'About Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: about' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('mobile menu', () => {
  beforeEach(() => {
    localStorage.clear();
    mockScreen(true);
  });

  it('hides the entries behind a Menu toggle that reports its state', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Contact' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    screen.getByRole('link', { name: 'Home' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('is not shown on a wide screen, where the entries are always visible', async () => {
    mockScreen(false);
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact' })).toBeVisible();
  });
});
