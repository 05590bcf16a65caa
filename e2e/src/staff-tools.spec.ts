import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { INSURER_NAMES, QueryToolTexts } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { setStaff } from './support/staff';

jest.setTimeout(240_000);

const PHONE_WIDTH = 360;

// Issue 19, done when: a staff member runs the default queries, sorts, exports (the .xlsx opens with the same rows),
// copies a permalink, runs the savings lookup with its defaults and the uptime check with one insurer faulted.
describe('staff tools, as staff', () => {
  let browser: Browser;
  let staff: NewAccount;

  beforeAll(async () => {
    [browser, staff] = await Promise.all([launchBrowser(), signUpTestUser()]);
    await setStaff(staff.email, 'grant');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const asStaff = async (fn: (page: Page) => Promise<void>, width?: number) => {
    const { context, page } = await newPage(browser, width);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrls().baseUrl });
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('userToken', token), staff.token);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  /** The result table's cells, row by row (the header row left out). */
  const tableRows = (page: Page) =>
    page
      .getByRole('table')
      .first()
      .evaluate((table) =>
        [...(table as HTMLTableElement).tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? '')),
      );

  it('runs the default query of each page', async () => {
    await asStaff(async (page) => {
      await page.goto('/errors');
      await page.getByRole('heading', { level: 1, name: 'Error Logs Query' }).waitFor();
      // The errors of the last 24 hours: some, or the spec's empty text; never an error line.
      await page.getByText(/Query returned \d+ result\(s\)|No results found\./).waitFor();
      expect(await page.getByText(/^Error: /).count()).toBe(0);

      for (const [path, title] of [
        ['/ndcPackages', 'NDC Packages Query'],
        ['/ndcProducts', 'NDC Products Query'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByText('Query returned 10 result(s)').waitFor();
        expect(await tableRows(page)).toHaveLength(10);
      }
    });
  });

  it('sorts by a header, ascending then descending', async () => {
    await asStaff(async (page) => {
      const sql = 'SELECT product_ndc FROM ndc_products ORDER BY product_ndc DESC LIMIT 25';
      await page.goto(`/ndcProducts?query=${encodeURIComponent(sql)}`);
      await page.getByText('Query returned 25 result(s)').waitFor();
      const header = page.getByRole('columnheader', { name: 'product_ndc' });
      const values = async () => (await tableRows(page)).map((row) => row[0]!);
      const original = await values();
      const ascending = [...original].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      expect(await values()).toEqual(ascending);
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      expect(await values()).toEqual([...ascending].reverse());
    });
  });

  it('exports the rows as error_logs.csv and an .xlsx that opens with the same rows', async () => {
    await asStaff(async (page) => {
      await page.goto('/ndcProducts');
      await page.getByText('Query returned 10 result(s)').waitFor();
      const shown = await tableRows(page);
      // The header buttons' words, without the sort arrow beside them.
      const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.replace(/[^\w ]/g, '').trim());

      const files: Download[] = [];
      page.on('download', (download) => files.push(download));
      await page.getByRole('button', { name: 'Export to Excel' }).click();
      await page.getByText(QueryToolTexts.exportStarted).waitFor();
      // The CSV at once, the workbook once its library has loaded.
      for (let i = 0; i < 100 && files.length < 2; i++) await page.waitForTimeout(100);
      expect(files.map((file) => file.suggestedFilename()).sort()).toEqual([QueryToolTexts.csvFileName, QueryToolTexts.xlsxFileName]);

      const xlsx = files.find((file) => file.suggestedFilename() === QueryToolTexts.xlsxFileName)!;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await xlsx.path())!);
      const sheet = workbook.worksheets[0]!;
      const cells = (row: number) => headers.map((_, column) => sheet.getRow(row).getCell(column + 1).text);
      expect(cells(1)).toEqual(headers);
      expect(sheet.actualRowCount).toBe(shown.length + 1);
      // The key column reads the same in the workbook as on the page, row for row.
      const key = headers.indexOf('product_ndc');
      expect(key).toBeGreaterThanOrEqual(0);
      expect(shown.map((_, i) => cells(i + 2)[key])).toEqual(shown.map((row) => row[key]));

      const csv = await readFile((await files.find((file) => file.suggestedFilename() === QueryToolTexts.csvFileName)!.path())!, 'utf8');
      expect(
        csv
          .replace(/^\uFEFF/, '')
          .split(/\r\n/)
          .filter(Boolean),
      ).toHaveLength(shown.length + 1);
    });
  });

  it('copies a permalink that opens the same query and its results', async () => {
    await asStaff(async (page) => {
      const sql = 'SELECT product_ndc FROM ndc_products ORDER BY product_ndc LIMIT 3';
      await page.goto('/ndcProducts');
      await page.getByText('Query returned 10 result(s)').waitFor();
      await page.getByRole('textbox', { name: /SQL/i }).fill(sql);
      await page.getByRole('button', { name: 'Execute Query' }).click();
      await page.getByText('Query returned 3 result(s)').waitFor();
      await page.getByRole('button', { name: 'Copy Permalink' }).click();
      await page.getByText('Permalink copied to clipboard!').waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      const url = new URL(link);
      expect(url.pathname).toBe('/ndcProducts');
      expect(url.searchParams.get('query')).toBe(sql);

      await page.goto('/');
      await page.goto(link);
      await page.getByText('Query returned 3 result(s)').waitFor();
      expect(await page.getByRole('textbox', { name: /SQL/i }).inputValue()).toBe(sql);
    });
  });

  it('runs the savings lookup with its defaults on load', async () => {
    await asStaff(async (page) => {
      await page.goto('/rxlink');
      await page.getByRole('heading', { level: 1, name: 'Coupon-Service Savings Lookup' }).waitFor();
      // The spec's default NDCs: the coupon service knows 59417010210 (lisdexamfetamine 20 mg), not 21695078460.
      await page.getByRole('rowheader', { name: '59417010210' }).waitFor();
      const rows = await tableRows(page);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.join(' ')).toMatch(/^59417010210 59417-0102-10 VYVANSE 20 MG CAPSULE \$[\d.]+ \$[\d.]+ \$[\d.]+ \S/);
      await page.getByRole('status').filter({ hasText: 'Savings found for 1 of 2 NDCs' }).waitFor();
      // The prices' date, never shown as live.
      await page.getByText(/^Prices as of [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    });
  });

  it('runs the uptime check with one sandbox insurer faulted: red, with the reason', async () => {
    const faults = `${appUrls().sandboxUrl}/insurers/_admin/faults`;
    const fault = await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ insurer: 'aetnaSandbox', resource: 'metadata', kind: 'status500' }),
    });
    expect(fault.ok).toBe(true);
    try {
      await asStaff(async (page) => {
        await page.goto('/debug/insurerUptimeCheck');
        await page.getByRole('button', { name: 'Run Uptime Check' }).click();
        const row = page.getByRole('row').filter({ hasText: INSURER_NAMES.aetnaSandbox });
        await row.getByText('HTTP 500').waitFor({ timeout: 30_000 });
        await row.getByText('FAIL').waitFor();
        const passing = page.getByRole('row').filter({ hasText: INSURER_NAMES.uhcSandbox });
        await passing.getByText('PASS').waitFor();
        // Staff see the last 30 days too.
        await page.getByRole('heading', { name: 'Uptime, last 30 days' }).waitFor();
      });
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  // WCAG 1.4.10 at the narrowest phone the product supports (and 200% zoom of a 720 px window): wide result tables
  // scroll inside their own region, the page itself never sideways.
  it.each(['/errors', '/ndcProducts', '/rxlink', '/debug/insurerUptimeCheck', '/open-ai'])('%s fits a 360 px screen', async (path) => {
    await asStaff(async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
    }, PHONE_WIDTH);
  });
});
