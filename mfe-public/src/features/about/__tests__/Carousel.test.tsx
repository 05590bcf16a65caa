import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { Carousel, CAROUSEL_INTERVAL_MS } from '../components/Carousel';
import { CAROUSEL_QUERY, DASHBOARD_FEATURES, DashboardFeatures } from '../components/DashboardFeatures';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const ITEMS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

function renderCarousel() {
  render(<Carousel label="Features" items={ITEMS} itemKey={(i) => i} renderItem={(i) => <p>{i}</p>} />);
  return screen.getByRole('region', { name: 'Features' });
}

/** The one card a sighted user (and the accessibility tree) can see. */
const current = () => screen.getByRole('group', { name: /of 4$/ });
const tick = (ms = CAROUSEL_INTERVAL_MS) => act(() => jest.advanceTimersByTime(ms));
const swipe = (from: number, to: number, dy = 0) => {
  const viewport = current().parentElement!.parentElement!;
  fireEvent.touchStart(viewport, { touches: [{ clientX: from, clientY: 100 }] });
  fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: to, clientY: 100 + dy }] });
};

describe('Carousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockMediaQueries();
  });
  afterEach(() => jest.useRealTimers());

  it('shows one card at a time, the others inert and hidden from assistive technology', () => {
    renderCarousel();
    expect(current()).toHaveAccessibleName('1 of 4');
    expect(current()).toHaveTextContent('Alpha');
    const hidden = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide !== current());
    expect(hidden).toHaveLength(3);
    for (const slide of hidden) {
      expect(slide).toHaveAttribute('aria-hidden', 'true');
      expect(slide).toHaveAttribute('inert');
    }
  });

  it('advances every 4 seconds and wraps around after the last card', () => {
    renderCarousel();
    tick(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toHaveTextContent('Alpha');
    tick(1);
    expect(current()).toHaveTextContent('Bravo');
    tick();
    tick();
    expect(current()).toHaveTextContent('Delta');
    tick();
    expect(current()).toHaveTextContent('Alpha');
  });

  it('pauses while the pointer is over it and resumes when it leaves', async () => {
    const carousel = renderCarousel();
    await user.hover(carousel);
    tick(3 * CAROUSEL_INTERVAL_MS);
    expect(current()).toHaveTextContent('Alpha');
    await user.unhover(carousel);
    tick();
    expect(current()).toHaveTextContent('Bravo');
  });

  it('pauses while focus is inside it, and announces cards only while stopped', () => {
    renderCarousel();
    const track = current().parentElement!;
    expect(track).toHaveAttribute('aria-live', 'off');
    const next = screen.getByRole('button', { name: 'Next card' });
    fireEvent.focus(next);
    expect(track).toHaveAttribute('aria-live', 'polite');
    tick(3 * CAROUSEL_INTERVAL_MS);
    expect(current()).toHaveTextContent('Alpha');
    fireEvent.blur(next, { relatedTarget: document.body });
    tick();
    expect(current()).toHaveTextContent('Bravo');
  });

  // fireEvent: user-event's click also hovers and focuses the carousel, which pauses it by design (tested above).
  it('has a visible Pause button that stops the rotation until Play is pressed', async () => {
    renderCarousel();
    const pause = screen.getByRole('button', { name: 'Pause automatic card rotation' });
    expect(pause).toBeVisible();
    fireEvent.click(pause);
    tick(3 * CAROUSEL_INTERVAL_MS);
    expect(current()).toHaveTextContent('Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Play automatic card rotation' }));
    tick();
    expect(current()).toHaveTextContent('Bravo');
  });

  it('starts paused when the system asks for reduced motion', () => {
    mockMediaQueries(['(prefers-reduced-motion: reduce)']);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Play automatic card rotation' })).toBeInTheDocument();
    tick(2 * CAROUSEL_INTERVAL_MS);
    expect(current()).toHaveTextContent('Alpha');
  });

  it('Previous, Next and the numbered buttons move to a card (wrapping), and restart the 4-second wait', async () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    expect(current()).toHaveTextContent('Delta');
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(current()).toHaveTextContent('Alpha');
    const third = screen.getByRole('button', { name: 'Show card 3' });
    fireEvent.click(third);
    expect(current()).toHaveTextContent('Charlie');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show card 1' })).not.toHaveAttribute('aria-current');
    tick(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toHaveTextContent('Charlie');
    tick(1);
    expect(current()).toHaveTextContent('Delta');
  });

  it('moves one card on a horizontal swipe of more than 10 px, and ignores shorter or vertical ones', () => {
    renderCarousel();
    swipe(200, 190);
    expect(current()).toHaveTextContent('Alpha');
    swipe(200, 189);
    expect(current()).toHaveTextContent('Bravo');
    swipe(100, 111);
    expect(current()).toHaveTextContent('Alpha');
    swipe(200, 150, 80);
    expect(current()).toHaveTextContent('Alpha');
  });
});

describe('DashboardFeatures', () => {
  afterEach(() => jest.useRealTimers());

  it('is a carousel of the four cards up to 960px wide', () => {
    mockMediaQueries([CAROUSEL_QUERY]);
    render(<DashboardFeatures />);
    const carousel = screen.getByRole('region', { name: 'Dashboard features' });
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(within(carousel).getByRole('heading', { level: 3, name: DASHBOARD_FEATURES[0].title })).toBeInTheDocument();
  });

  it('is a static grid of the four cards above 960px', () => {
    mockMediaQueries();
    render(<DashboardFeatures />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    for (const feature of DASHBOARD_FEATURES) expect(screen.getByRole('heading', { level: 3, name: feature.title })).toBeVisible();
  });
});
