import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PricingTexts } from '@healthlink/contracts';
import { buildUnsignedToken, SIGN_IN_REQUEST_EVENT, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { DrugTexts } from '@healthlink/web-drugs';
import { buildBestPrice, CouponEvents, serveCouponSearch, serveEnrollment } from '@healthlink/web-drugs/testing';
import { CouponsPage } from '../routes/CouponsPage';

let user: UserEvent;
const scrollIntoView = jest.fn();
beforeEach(() => {
  user = setupUser();
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
  jest.restoreAllMocks();
});

const signIn = () => localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));

async function search(name = 'Atorvastatin') {
  await replaceText(user, screen.getByRole('textbox', { name: 'Drug Name' }), name);
  await user.click(screen.getByRole('button', { name: 'Search Coupons' }));
}

const cells = (name: RegExp) =>
  within(screen.getByRole('row', { name }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/drugCoupons', () => {
  it('shows the drug, its brand name and description, and Brand and Generic rows with prices and their date', async () => {
    serveCouponSearch([CouponEvents.pending(), CouponEvents.complete()]);
    renderPage(<CouponsPage />, '/drugCoupons');
    expect(screen.getByRole('heading', { level: 1, name: 'Drug Coupons' })).toBeInTheDocument();
    await search();
    expect(await screen.findByRole('status')).toHaveTextContent(DrugTexts.searchingCoupons);
    const table = await screen.findByRole('table', { name: /Coupon prices for Atorvastatin/ });
    expect(screen.getByRole('heading', { level: 3, name: 'Atorvastatin' })).toBeInTheDocument();
    expect(screen.getByText('Brand name: Lipitor')).toBeInTheDocument();
    expect(screen.getByText('A statin that lowers cholesterol.')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Drug Name', 'Brand/Generic', 'Estimated Retail Cost', 'Lowest Price w/ Coupon', 'Coupon']);
    // Brand first, then Generic; prices from `medications`, as dollars with two decimals.
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Lipitor 20 MG', 'Atorvastatin Calcium 20 MG']);
    expect(cells(/^Lipitor 20 MG/)).toEqual(['Brand', '$310.00', '$120.10', expect.stringContaining('Get Coupon')]);
    expect(cells(/^Atorvastatin Calcium 20 MG/)).toEqual(['Generic', '$14.20', '$9.50', expect.stringContaining('Get Coupon')]);
    expect(screen.getByText('Prices as of Apr 29, 2026')).toBeInTheDocument();
    expect(screen.getByText(DrugTexts.simpleDisclaimer)).toBeInTheDocument();
    expect(callsTo('POST /api/rxLink/getBestPrice')[0].body).toEqual({ drugName: 'Atorvastatin' });
  });

  it.each([
    ['missing', CouponEvents.missing(), PricingTexts.couponNotFound],
    ['with an empty list', CouponEvents.complete(buildBestPrice({ medications: [] })), PricingTexts.couponNotFound],
    ['failed', CouponEvents.failed(), PricingTexts.couponSearchFailed],
    ['error', { status: 200, body: { status: 'error', pollInterval: 10, response: 'error' } }, PricingTexts.couponSearchFailed],
  ] as const)('shows one line when the search ends %s', async (_, reply, text) => {
    serveCouponSearch([reply]);
    renderPage(<CouponsPage />, '/drugCoupons');
    await search();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // No retry.
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
  });

  it('shows a drug name the server refused under the field', async () => {
    serveCouponSearch([CouponEvents.complete()], {
      start: {
        status: 400,
        body: {
          code: 'PRICING.VALIDATION',
          message: 'Invalid',
          errors: [{ field: 'drugName', message: 'drugName must not contain control characters' }],
        },
      },
    });
    renderPage(<CouponsPage />, '/drugCoupons');
    await search();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Drug Name' })).toHaveAccessibleDescription(
        'drugName must not contain control characters',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Drug Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a drug name', async () => {
    renderPage(<CouponsPage />, '/drugCoupons');
    await search('');
    expect(screen.getByText(PricingTexts.drugNameRequired)).toBeInTheDocument();
    expect(callsTo('POST /api/rxLink/getBestPrice')).toHaveLength(0);
  });

  it('Get Coupon scrolls to the drug savings widget; a visitor is invited to sign up or sign in', async () => {
    serveCouponSearch([CouponEvents.complete()]);
    renderPage(<CouponsPage />, '/drugCoupons');
    await search();
    await user.click(await screen.findByRole('button', { name: 'Get Coupon for Atorvastatin Calcium 20 MG (Generic)' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Drug Savings' });
    expect(heading).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalled();
    const savings = screen.getByRole('region', { name: 'Drug Savings' });
    expect(savings).toHaveAttribute('id', 'drugSavings');
    expect(savings).toHaveTextContent(
      'Your coupon: Atorvastatin Calcium 20 MG (Generic) for $9.50 with the coupon. Prices as of Apr 29, 2026.',
    );
    expect(within(savings).getByRole('link', { name: 'Sign up to redeem' })).toHaveAttribute('href', '/register');
    expect(within(savings).queryByRole('textbox', { name: 'Phone Number' })).not.toBeInTheDocument();

    const asked = jest.fn();
    window.addEventListener(SIGN_IN_REQUEST_EVENT, asked);
    await user.click(within(savings).getByRole('button', { name: 'Sign in' }));
    window.removeEventListener(SIGN_IN_REQUEST_EVENT, asked);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('a member redeems the chosen coupon with a phone number', async () => {
    signIn();
    const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serveCouponSearch([CouponEvents.complete()]);
    serveEnrollment('complete', { link: 'https://coupons.example.test/redeem/1' });
    renderPage(<CouponsPage />, '/drugCoupons');
    await search();
    await user.click(await screen.findByRole('button', { name: 'Get Coupon for Lipitor 20 MG (Brand)' }));
    const savings = screen.getByRole('region', { name: 'Drug Savings' });
    await user.type(within(savings).getByRole('textbox', { name: 'Phone Number' }), '55501');
    await user.click(within(savings).getByRole('button', { name: DrugTexts.sendCoupon }));
    expect(within(savings).getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      `${DrugTexts.phoneHint} ${PricingTexts.phoneInvalid}`,
    );
    await user.type(within(savings).getByRole('textbox', { name: 'Phone Number' }), '02000');
    await user.click(within(savings).getByRole('button', { name: DrugTexts.sendCoupon }));
    await waitFor(() => expect(tab.location.href).toBe('https://coupons.example.test/redeem/1'));
    expect(callsTo('POST /api/rxLink/getEnrollment')[0].body).toEqual({
      userPhoneNumber: '5550102000',
      drugName: 'Lipitor 20 MG',
      ndc: '00071015523',
    });
  });
});
