import { screen, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { CuresActPage, KEY_POINTS } from '../routes/CuresActPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const TITLES = [
  'Breakthrough Design',
  'Trials and Evidence',
  'Patient Perspective',
  'Streamlined Pathway',
  'Patient Preferences',
  'Innovation Fund',
  'Scientific Collaboration',
  'Data and Sharing',
];

function setup() {
  serveApi({});
  renderPage(<CuresActPage />, '/curesAct');
  const card = (title: string) => screen.getByRole('button', { name: title }).closest('li') as HTMLElement;
  return { card };
}

describe('/curesAct', () => {
  it('has the Overview, Implications and Security sections and eight cards under Key Points of Interest', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'The 21st Century Cures Act' })).toBeInTheDocument();
    for (const name of ['Overview', 'Implications', 'Security', 'Key Points of Interest']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const points = screen.getByRole('region', { name: 'Key Points of Interest' });
    expect(within(points).getAllByRole('listitem')).toHaveLength(8);
    expect(
      within(points)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(TITLES);
  });

  it('turns a card over with Enter and back with Space, once per key press', async () => {
    const { card } = setup();
    const button = screen.getByRole('button', { name: 'Innovation Fund' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(card('Innovation Fund')).toHaveClass('is-flipped');

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(card('Innovation Fund')).not.toHaveClass('is-flipped');
  });

  it('turns over on a click anywhere on the card (and on its title), one card at a time', async () => {
    const { card } = setup();
    await user.click(within(card('Data and Sharing')).getByText(KEY_POINTS[7].summary));
    expect(screen.getByRole('button', { name: 'Data and Sharing' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Breakthrough Design' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Data and Sharing' }));
    expect(screen.getByRole('button', { name: 'Data and Sharing' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the back text readable by screen readers without turning the card', () => {
    const { card } = setup();
    for (const point of KEY_POINTS) {
      const back = within(card(point.title)).getByText(point.details);
      expect(back).toBeVisible();
      expect(back.closest('[aria-hidden="true"]')).toBeNull();
    }
  });
});
