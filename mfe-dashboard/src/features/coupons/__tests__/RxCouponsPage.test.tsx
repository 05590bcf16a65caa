import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PricingTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, deferredReply } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { DrugTexts } from '@healthlink/web-drugs';
import { buildBestPrice, CouponEvents, serveCouponSearch, serveEnrollment } from '@healthlink/web-drugs/testing';
import { RxCouponsPage } from '../routes/RxCouponsPage';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
  jest.restoreAllMocks();
});

const REDEMPTION = 'https://coupons.example.test/redeem/abc';

async function search(name = 'Atorvastatin') {
  await replaceText(user, screen.getByRole('textbox', { name: 'Drug Name' }), name);
  await user.click(screen.getByRole('button', { name: 'Search Coupons' }));
}

const row = (name: RegExp) => screen.getByRole('row', { name });
const cells = (name: RegExp) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openModal() {
  serveCouponSearch([CouponEvents.complete()]);
  renderPage(<RxCouponsPage />, '/rxCoupons');
  await search();
  await user.click(await screen.findByRole('button', { name: 'Get Coupon for Atorvastatin Calcium 20 MG (Generic)' }));
  return screen.getByRole('dialog', { name: 'Get your coupon' });
}

/** A tab as window.open gives it, recording where the page sends it. */
function fakeTab() {
  const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: jest.fn() };
  return tab;
}

describe('/rxCoupons card', () => {
  it('searches, polls and shows the brand and generic rows with the pharmacy, prices and their date', async () => {
    serveCouponSearch([CouponEvents.pending(), CouponEvents.complete()]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    expect(screen.getByRole('heading', { level: 1, name: 'Drug Coupons' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Drug Name' })).toHaveAttribute('placeholder', 'e.g. Atorvastatin');
    expect(screen.getByRole('textbox', { name: 'Drug Name' })).toHaveAttribute('maxLength', '100');
    await replaceText(user, screen.getByRole('textbox', { name: 'Drug Name' }), 'Atorvastatin');
    // The Enter key starts the search as the button does.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(DrugTexts.searchingCoupons);

    const table = await screen.findByRole('table', { name: /Coupon prices for Atorvastatin/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Drug Name', 'Brand/Generic', 'Pharmacy', 'Estimated Retail Cost', 'Lowest Price w/ Coupon', 'Coupon']);
    expect(cells(/^Lipitor 20 MG/)).toEqual(['Brand', 'Main Street Pharmacy', '$310.00', 'N/A', expect.stringContaining('Get Coupon')]);
    expect(cells(/^Atorvastatin Calcium 20 MG/)).toEqual([
      'Generic',
      'Harbor Pharmacy',
      '$14.20',
      '$9.50',
      expect.stringContaining('Get Coupon'),
    ]);
    expect(screen.getByText('Prices as of Apr 29, 2026')).toBeInTheDocument();
    expect(screen.getByText(/NADAC\) as of Apr 22, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Brand name: Lipitor 20 MG')).toBeInTheDocument();
    expect(callsTo('POST /api/rxLink/getBestPrice').map((call) => call.body)).toEqual([{ drugName: 'Atorvastatin' }]);
    expect(callsTo('GET /api/pollingEvent/ev-price')).toHaveLength(2);
  });

  it('asks for a drug name before searching', async () => {
    serveCouponSearch([CouponEvents.complete()]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await search('   ');
    expect(screen.getByRole('textbox', { name: 'Drug Name' })).toHaveAccessibleDescription(PricingTexts.drugNameRequired);
    expect(callsTo('POST /api/rxLink/getBestPrice')).toHaveLength(0);
  });

  it.each([
    ['missing', CouponEvents.missing(), PricingTexts.couponNotFound],
    ['no drug found', CouponEvents.complete(buildBestPrice({ priceData: 'no drug found' })), PricingTexts.couponNotFound],
    ['failed', CouponEvents.failed(), PricingTexts.couponSearchFailed],
    [
      'complete without price data',
      { status: 200, body: { status: 'complete', pollInterval: 10, response: { asOf: '2026-04-29' } } },
      DrugTexts.couponNoPriceData,
    ],
  ] as const)('names the cause when the search ends %s', async (_, reply, text) => {
    serveCouponSearch([reply]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await search();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names a search that got no polling id, and a search the server refused', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveCouponSearch([CouponEvents.complete()], { start: { status: 202, body: {} } });
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await search();
    expect(await screen.findByRole('alert')).toHaveTextContent(DrugTexts.couponNoPollingId);

    serveCouponSearch([CouponEvents.complete()], { start: { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'boom' } } });
    await search();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PricingTexts.couponSearchFailed));
    // Logged without the drug name or the server's text.
    expect(logged.mock.calls).toEqual([['Coupon search failed']]);
  });

  it('clears the last result as a new search starts', async () => {
    serveCouponSearch([CouponEvents.complete()]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await search();
    await screen.findByRole('table');
    const pending = deferredReply();
    serveCouponSearch([pending.handler], { id: 'ev-2' });
    await search('Lisinopril');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(DrugTexts.searchingCoupons);
    pending.release(CouponEvents.missing());
    expect(await screen.findByRole('alert')).toHaveTextContent(PricingTexts.couponNotFound);
  });

  it('disables Get Coupon, saying why, when the best price is N/A', async () => {
    serveCouponSearch([CouponEvents.complete()]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await search();
    const brand = await screen.findByRole('button', { name: 'Get Coupon for Lipitor 20 MG (Brand)' });
    expect(brand).toBeDisabled();
    expect(brand).toHaveAccessibleDescription(DrugTexts.noCouponPrice);
    expect(screen.getByRole('button', { name: 'Get Coupon for Atorvastatin Calcium 20 MG (Generic)' })).toBeEnabled();
  });

  it('collapses and expands the card', async () => {
    serveCouponSearch([CouponEvents.complete()]);
    renderPage(<RxCouponsPage />, '/rxCoupons');
    await user.click(screen.getByRole('button', { name: 'Collapse Drug Coupons' }));
    expect(screen.queryByRole('textbox', { name: 'Drug Name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand Drug Coupons' }));
    expect(screen.getByRole('textbox', { name: 'Drug Name' })).toBeVisible();
  });
});

describe('Get Coupon modal', () => {
  it('reads "We found ..." with both disclaimers, checks the phone, and closes on Escape', async () => {
    const dialog = await openModal();
    expect(within(dialog).getByText('We found Atorvastatin Calcium 20 MG for $9.50 out of your pocket')).toBeInTheDocument();
    expect(within(dialog).getByText('Prices as of Apr 29, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText(DrugTexts.enrollmentDisclaimer)).toBeInTheDocument();
    expect(within(dialog).getByText(DrugTexts.approximateDisclaimer)).toBeInTheDocument();
    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('maxLength', '10');

    await user.type(phone, '555-01a2');
    expect(phone).toHaveValue('555012');
    await user.click(within(dialog).getByRole('button', { name: DrugTexts.sendCoupon }));
    expect(phone).toHaveAccessibleDescription(`${DrugTexts.phoneHint} ${PricingTexts.phoneInvalid}`);
    expect(callsTo('POST /api/rxLink/getEnrollment')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Coupon for Atorvastatin Calcium 20 MG (Generic)' })).toHaveFocus();
  });

  it('enrolls the phone and opens the redemption link in the tab opened by the click', async () => {
    const tab = fakeTab();
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serveEnrollment('complete', { link: REDEMPTION });
    const dialog = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5550102000');
    await user.click(within(dialog).getByRole('button', { name: DrugTexts.sendCoupon }));
    expect(await within(dialog).findByText(DrugTexts.couponOpened)).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe(REDEMPTION);
    expect(tab.opener).toBeNull();
    expect(callsTo('POST /api/rxLink/getEnrollment').map((call) => call.body)).toEqual([
      { userPhoneNumber: '5550102000', drugName: 'Atorvastatin Calcium 20 MG' },
    ]);
  });

  it('shows the popup text and the link itself when the browser blocks the new tab', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    serveEnrollment('complete', { link: REDEMPTION });
    const dialog = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5550102000');
    await user.click(within(dialog).getByRole('button', { name: DrugTexts.sendCoupon }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PricingTexts.popupBlocked);
    expect(within(dialog).getByRole('link', { name: DrugTexts.openCouponLink })).toHaveAttribute('href', REDEMPTION);
  });

  it.each([
    ['duplicate', { message: 'This phone number is already enrolled.' }, 'This phone number is already enrolled.'],
    ['duplicate', {}, PricingTexts.enrollmentDuplicate],
    ['incomplete', { message: 'Enrollment incomplete, try again later.' }, 'Enrollment incomplete, try again later.'],
    ['failed', null, PricingTexts.enrollmentFailed],
  ] as const)('toasts an enrollment that ends %s and closes the prepared tab', async (status, response, text) => {
    const tab = fakeTab();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serveEnrollment(status, response);
    const dialog = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5550102000');
    await user.click(within(dialog).getByRole('button', { name: DrugTexts.sendCoupon }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
