import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { CONSENT_COOKIE, ContactTexts, type SiteInfo } from '@healthlink/contracts';
import { appUrls, launchBrowser, newPage } from './support/browser';

jest.setTimeout(180_000);

const PUBLIC_ROUTES = ['/', '/about', '/curesAct', '/contact', '/register', '/privacyPolicy', '/termsOfService'];
const EVENTS_PATH = '/api/analytics/events';

interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function siteInfo(): Promise<SiteInfo> {
  return (await fetch(`${appUrls().baseUrl}/api/siteInfo`)).json() as Promise<SiteInfo>;
}

/** Opens a path and waits until its remote page has rendered its one h1. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
}

/** The analytics events the page sends from now on, as the server receives them. */
function recordEvents(page: Page): { category: string; action: string; path: string }[] {
  const events: { category: string; action: string; path: string }[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === EVENTS_PATH) events.push(request.postDataJSON());
  });
  return events;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('public site', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page, context: BrowserContext) => Promise<void>, width?: number, height?: number): Promise<void> => {
    const { context, page } = await newPage(browser, width, height);
    try {
      await fn(page, context);
    } finally {
      await context.close();
    }
  };

  it('renders every public route with its sections, one h1, a title and the site configuration', async () => {
    const site = await siteInfo();
    const sections: Record<string, (string | RegExp)[]> = {
      '/': ['How it works', 'Compare and save', 'Security center', /Cures Act/],
      '/about': ['Our story', 'Insurance partners', 'Our values', 'Your personal health dashboard'],
      '/curesAct': ['Overview', 'Implications', 'Security', 'Key Points of Interest'],
      '/contact': ['Send us a message', 'Get in touch'],
      '/privacyPolicy': [
        'Overview',
        'Information we collect',
        'Do Not Track',
        'Cookies and analytics',
        'How long we keep your information',
        'Your privacy rights',
        'Contact us',
      ],
      '/termsOfService': ['Table of contents', '1. Acceptance of These Terms', '23. Contact Us'],
    };
    await withPage(async (page) => {
      const pings = [] as string[];
      page.on('request', (r) => new URL(r.url()).pathname === '/api/pingServer' && pings.push(r.url()));
      for (const [path, headings] of Object.entries(sections)) {
        await open(page, path);
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        for (const name of headings) {
          expect(await page.getByRole('main').getByRole('heading', { level: 2, name }).first().isVisible()).toBe(true);
        }
        expect(await page.title()).toContain(site.productName);
      }

      await open(page, '/');
      await page.waitForLoadState('networkidle');
      expect(pings.length).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Who We Are' }).getAttribute('href')).toBe('/about');
      expect(await page.getByRole('link', { name: 'Learn about the Cures Act' }).getAttribute('href')).toBe('/curesAct');

      await open(page, '/contact');
      const panel = page.getByRole('region', { name: 'Get in touch' });
      await panel.getByRole('link', { name: site.supportEmail }).waitFor();
      expect(await panel.getByRole('link', { name: site.brokerPhone }).isVisible()).toBe(true);
      expect(await panel.getByText('within 24 hours').isVisible()).toBe(true);

      await open(page, '/privacyPolicy');
      const privacy = (await page.getByRole('main').textContent()) ?? '';
      expect(privacy).toContain('February 29, 2024');
      expect(privacy).toContain('July 1, 2022');
      expect(privacy).toContain('There is no grace period');

      await open(page, '/termsOfService');
      const terms = (await page.getByRole('main').textContent()) ?? '';
      expect(terms).toContain('April 15, 2024');
      expect(terms).toContain('US $10,000');

      // Header and footer carry the configured name and contact points.
      expect(
        await page
          .getByRole('banner')
          .getByRole('link', { name: `${site.productName} home` })
          .isVisible(),
      ).toBe(true);
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByText(`© 2022 ${site.productName}, Los Angeles, CA`).isVisible()).toBe(true);
      expect(await footer.getByRole('link', { name: site.supportEmail }).getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
    });
  });

  it('About dropdown: opens on click, closes on Escape and on a choice, and keeps the About section current', async () => {
    await withPage(async (page) => {
      await open(page, '/');
      const about = page.getByRole('banner').getByRole('button', { name: 'About' });
      await about.click();
      expect(await about.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await about.getAttribute('aria-expanded')).toBe('false');
      await about.click();
      await page.getByRole('banner').getByRole('link', { name: 'Cures Act' }).click();
      await page.getByRole('heading', { level: 1, name: 'The 21st Century Cures Act' }).waitFor();
      expect(await about.getAttribute('aria-expanded')).toBe('false');
      expect(await about.getAttribute('aria-current')).toBe('true');
    });
  });

  it('About: the carousel auto-advances at 400px, stops with Pause, and follows a swipe; at 1280px it is a grid', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 }, hasTouch: true, baseURL: appUrls().baseUrl });
    try {
      const page = await context.newPage();
      await open(page, '/about');
      const carousel = page.getByRole('region', { name: 'Dashboard features' });
      const current = carousel.getByRole('group');
      await current.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      expect(await current.getAttribute('aria-label')).toBe('1 of 4');
      await page.waitForFunction(
        () => document.querySelector('[aria-roledescription="slide"]:not([aria-hidden])')?.getAttribute('aria-label') === '2 of 4',
        null,
        { timeout: 6000 },
      );

      await carousel.getByRole('button', { name: /Pause/ }).click();
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const paused = await current.getAttribute('aria-label');
      await pause(4500);
      expect(await current.getAttribute('aria-label')).toBe(paused);

      // A real touch swipe to the left moves to the next card.
      const box = (await current.boundingBox())!;
      const cdp = await context.newCDPSession(page);
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 250, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + 150, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const expected = `${(Number(paused!.split(' ')[0]) % 4) + 1} of 4`;
      await page.waitForFunction(
        (label) => document.querySelector('[aria-roledescription="slide"]:not([aria-hidden])')?.getAttribute('aria-label') === label,
        expected,
      );

      await carousel.getByRole('button', { name: 'Show card 4' }).click();
      expect(await current.getAttribute('aria-label')).toBe('4 of 4');
    } finally {
      await context.close();
    }

    await withPage(async (page) => {
      await open(page, '/about');
      const dashboard = page.getByRole('region', { name: 'Your personal health dashboard' });
      await dashboard.getByRole('heading', { level: 3 }).first().waitFor();
      expect(await page.getByRole('region', { name: 'Dashboard features' }).count()).toBe(0);
      const cards = dashboard.getByRole('heading', { level: 3 });
      expect(await cards.count()).toBe(4);
      for (let i = 0; i < 4; i++) expect(await cards.nth(i).isVisible()).toBe(true);
    }, 1280);
  });

  it('Cures Act: a card turns over once per Enter or Space, and its back text is exposed to screen readers', async () => {
    await withPage(async (page) => {
      await open(page, '/curesAct');
      const button = page.getByRole('button', { name: 'Data and Sharing' });
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Space');
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      await page.getByText('Your health information, in your hands.').click();
      expect(await button.getAttribute('aria-pressed')).toBe('true');

      const snapshot = await page.getByRole('region', { name: 'Key Points of Interest' }).ariaSnapshot();
      expect(snapshot).toContain('The Act bans information blocking');
      expect(snapshot).toContain('priority review');
    });
  });

  it('Terms: the table of contents scrolls to section 23', async () => {
    await withPage(async (page) => {
      await open(page, '/termsOfService');
      const heading = page.getByRole('heading', { level: 2, name: '23. Contact Us' });
      const inView = () =>
        heading.evaluate((el) => {
          const { top, bottom } = el.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        });
      expect(await inView()).toBe(false);
      await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForFunction(() => {
        const el = document.getElementById('terms-23');
        if (!el) return false;
        const { top } = el.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight / 2;
      });
      expect(await inView()).toBe(true);
      // Below the sticky header, and focus moved there for keyboard users.
      const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(await heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
      expect(await heading.evaluate((el) => document.activeElement === el)).toBe(true);
      expect(new URL(page.url()).hash).toBe('#terms-23');
    });
  });

  it('Contact: sends the message (support copy in the inbox), shows the outcome and clears the form', async () => {
    const site = await siteInfo();
    const token = randomUUID().slice(0, 8);
    const message = `Please help me link my Medicare plan. Ref ${token}`;
    await withPage(async (page) => {
      await open(page, '/contact');
      await page.getByLabel('Full Name').fill('Grace Walker');
      await page.getByLabel('Email').fill(`grace.${token}@example.com`);
      await page.getByLabel('Phone Number').fill('(555) 010-2000');
      await page.getByLabel('Message', { exact: true }).fill(message);
      expect(await page.getByText(`${message.length} of 250 characters`).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Send Message' }).click();

      await page.getByText(ContactTexts.successInline).waitFor();
      await page.getByText(ContactTexts.successToast).waitFor();
      for (const label of ['Full Name', 'Email', 'Phone Number', 'Message'])
        expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
    }, 360);

    // Stored first, then copied to support by a job: the copy arriving proves the message was kept.
    const deadline = Date.now() + 30_000;
    let copy: InboxMessage | undefined;
    while (!copy && Date.now() < deadline) {
      const res = await fetch(`${appUrls().sandboxUrl}/mail/messages?to=${encodeURIComponent(site.supportEmail)}`);
      copy = ((await res.json()) as InboxMessage[]).find((m) => m.text.includes(token));
      if (!copy) await pause(250);
    }
    expect(copy).toBeDefined();
    expect(copy!.subject).toContain('Grace Walker');
    expect(copy!.text).toContain(message);
    expect(copy!.text).toContain(`grace.${token}@example.com`);
  });

  it('Cookies: Reject all stops analytics events across navigations; Accept all allows them again', async () => {
    await withPage(async (page, context) => {
      const events = recordEvents(page);
      await open(page, '/about?campaign=spring');
      await page.waitForLoadState('networkidle');
      expect(events).toContainEqual({ category: 'navigation', action: 'page_view', path: '/about' });
      expect(events.every((e) => !e.path.includes('?'))).toBe(true);

      await page.getByRole('button', { name: 'Cookies' }).click();
      await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Reject all' }).click();
      const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
      expect(cookie).toMatchObject({ value: 'rejectAll', path: '/', sameSite: 'Lax' });
      const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
      expect(Math.abs(cookie!.expires - yearFromNow)).toBeLessThan(120);

      events.length = 0;
      await page.getByRole('banner').getByRole('link', { name: 'Contact' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
      await open(page, '/');
      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(events).toEqual([]);

      await page.getByRole('button', { name: 'Cookies' }).click();
      await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Accept all' }).click();
      expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('acceptAll');
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(events).toEqual(
        expect.arrayContaining([
          { category: 'navigation', action: 'page_view', path: '/' },
          { category: 'home', action: 'get_started', path: '/' },
          { category: 'navigation', action: 'page_view', path: '/register' },
        ]),
      );
    });
  });

  it('Cookies: Close only closes the banner and writes nothing', async () => {
    await withPage(async (page, context) => {
      await open(page, '/');
      await page.getByRole('button', { name: 'Cookies' }).click();
      await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Close' }).click();
      expect(await page.getByRole('region', { name: 'Cookies on this site' }).count()).toBe(0);
      expect((await context.cookies()).some((c) => c.name === CONSENT_COOKIE)).toBe(false);
    }, 360);
  });

  it('loads no script from another origin, anywhere', async () => {
    await withPage(async (page) => {
      const origin = new URL(appUrls().baseUrl).origin;
      const foreign: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).origin !== origin) foreign.push(r.url());
      });
      for (const path of PUBLIC_ROUTES) await open(page, path);
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
    });
  });

  it.each(['/', '/about'])('%s: its HTML names every file the page loads at start, and each named file is used', async (path) => {
    await withPage(async (page) => {
      const origin = new URL(appUrls().baseUrl).origin;
      const loaded: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === origin && /\.(js|css|json)$/.test(url.pathname)) loaded.push(url.pathname);
      });
      const unused: string[] = [];
      page.on('console', (m) => {
        if (m.text().includes('was preloaded using link preload but not used')) unused.push(m.text());
      });
      await open(page, path);
      await page.waitForLoadState('networkidle');
      const preloaded = await page
        .locator('link[rel="preload"]')
        .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
      const main = await page
        .locator('script[src]')
        .evaluateAll((scripts) => scripts.map((s) => new URL((s as HTMLScriptElement).src).pathname));
      expect(preloaded.length).toBeGreaterThan(10);
      // Nothing the page needs to show is discovered late, and no request is made twice.
      expect([...loaded].sort()).toEqual(
        [...preloaded, ...main].filter((p) => p.endsWith('.js') || p.endsWith('.css') || p.endsWith('.json')).sort(),
      );
      await pause(3500);
      expect(unused).toEqual([]);
    });
  });

  describe('accessibility (axe-core)', () => {
    it.each(PUBLIC_ROUTES.flatMap((path) => [1280, 375].map((width) => [path, width] as const)))(
      '%s at %dpx has no violations',
      async (path, width) => {
        await withPage(async (page) => {
          await open(page, path);
          await page.waitForLoadState('networkidle');
          const results = await new AxeBuilder({ page }).analyze();
          const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(summary).toEqual([]);
        }, width);
      },
    );

    it('the open cookie banner and the open mobile menu have no violations either', async () => {
      await withPage(async (page) => {
        await open(page, '/');
        await page.getByRole('button', { name: 'Cookies' }).click();
        await page.getByRole('button', { name: 'Menu' }).click();
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
      }, 375);
    });

    it('works at 200% zoom: no sideways scrolling, body text at least 16px', async () => {
      // 200% zoom of a 1280px window lays pages out in 640 CSS pixels.
      await withPage(
        async (page) => {
          for (const path of PUBLIC_ROUTES) {
            await open(page, path);
            const { scrollWidth, clientWidth, smallest } = await page.evaluate(() => {
              let min = Infinity;
              for (const el of document.querySelectorAll('main p, main li, main a, main label, footer p, footer a')) {
                if ((el as HTMLElement).offsetParent !== null) min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
              }
              return {
                scrollWidth: document.documentElement.scrollWidth,
                clientWidth: document.documentElement.clientWidth,
                smallest: min,
              };
            });
            expect({ path, overflow: scrollWidth > clientWidth }).toEqual({ path, overflow: false });
            expect(smallest).toBeGreaterThanOrEqual(16);
          }
        },
        640,
        450,
      );
    });
  });
});
