import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { appUrls, launchBrowser, newPage } from './support/browser';

jest.setTimeout(180_000);

interface InboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest password-reset code the sandbox's SMTP server received for the address. */
async function readCodeFromInbox(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${appUrls().sandboxUrl}/mail/messages?to=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as InboxMessage[];
    const code = messages
      .map((m) => /is: ([A-Z0-9]{8})/.exec(m.text)?.[1])
      .filter(Boolean)
      .pop();
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no reset code reached ${email}`);
}

const path = (page: Page) => new URL(page.url()).pathname;

async function openSignIn(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog').waitFor();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
  expect(path(page)).toBe('/');
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts: a patient signs up, recovers the password, edits the profile and deletes the account', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks the whole account life cycle in the browser', async () => {
    const { context, page } = await newPage(browser);
    const email = `walk.${randomUUID().slice(0, 8)}@example.com`;
    const first = 'Harbor-Lantern-74';
    const second = 'Quiet-Meadow-2031';
    const third = 'Silver-Orchard-58';
    try {
      // Sign up and land on the onboarding choice.
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Walker');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(first);
      await page.getByLabel('Confirm Password').fill(first);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL('**/healthSetup');
      await page
        .getByRole('link', { name: /insurance/i })
        .first()
        .waitFor();

      await logOut(page);

      // Log in: without insurance the product goes to /healthSetup.
      await signIn(page, email, first);
      await page.waitForURL('**/healthSetup');
      await logOut(page);

      // Forget the password, read the code from the sandbox inbox, reset it.
      await openSignIn(page);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
      await dialog.getByRole('heading', { name: 'Verify Email To Reset Password' }).waitFor();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Code To Email' }).click();
      await dialog.getByRole('heading', { name: 'Enter Code Sent To Email' }).waitFor();
      const code = await readCodeFromInbox(email);
      await dialog.getByLabel('Code').fill(code.toLowerCase());
      await dialog.getByRole('button', { name: 'Verify Code' }).click();
      await dialog.getByRole('heading', { name: 'Enter New Password' }).waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(second);
      await dialog.getByLabel('Confirm Password').fill(second);
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Password Updated!').waitFor();
      // The toast area sits below the header: a toast never covers its Login button (hovering a toast pauses it).
      // Measured once its entry animation has settled.
      let toastTop = Number.NaN;
      for (let frame = 0; frame < 20; frame++) {
        const top = (await page.getByText('Password Updated!').boundingBox())!.y;
        if (Math.abs(top - toastTop) < 0.5) break;
        toastTop = top;
        await page.waitForTimeout(50);
      }
      const bannerBox = (await page.getByRole('banner').boundingBox())!;
      expect(toastTop).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
      await dialog.getByRole('button', { name: 'Sign In' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The old password no longer works; the new one does.
      await signIn(page, email, first);
      await page.getByRole('dialog').getByText('Invalid credentials.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await signIn(page, email, second);
      await page.waitForURL('**/healthSetup');

      // Change the password on the profile page.
      await page.goto('/userProfile');
      await page.getByRole('heading', { name: /Grace/ }).waitFor();
      const passwordForm = page.getByRole('form', { name: /change password/i });
      await passwordForm.getByLabel('Current Password').fill(second);
      await passwordForm.getByLabel('New Password', { exact: true }).fill(third);
      await passwordForm.getByLabel('Confirm New Password').fill(third);
      await passwordForm.getByRole('button', { name: 'Save' }).click();
      await page.getByText("You've successfully updated your password.").first().waitFor();

      // Edit the profile.
      const profileForm = page.getByRole('form', { name: /profile/i }).first();
      await profileForm.getByLabel('Last Name').fill('Hopper');
      await profileForm.getByLabel(/postal code|zip/i).fill('02110');
      await profileForm.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Successfully updated profile information.').first().waitFor();
      const token = await page.evaluate(() => localStorage.getItem('userToken'));
      const me = await fetch(`${appUrls().baseUrl}/api/patientInfo`, { headers: { authorization: `Bearer ${token}` } });
      expect((await me.json()).account).toMatchObject({ lastName: 'Hopper', postalCode: '02110' });

      // Delete the account.
      await page.getByRole('link', { name: 'Yes, delete my account' }).click();
      await page.waitForURL('**/deleteAccount');
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
      const gone = await fetch(`${appUrls().baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: third }),
      });
      expect(gone.status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('shows every sign-up validation message above the button and highlights the field', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/register');
      const fill = async (values: Record<string, string>) => {
        for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
        await page.getByRole('button', { name: 'Sign Up' }).click();
      };
      const expectError = async (message: string, label: string) => {
        await page.getByText(message, { exact: true }).waitFor();
        expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      };
      await fill({ 'First Name': '', 'Last Name': '', Email: '', Password: '', 'Confirm Password': '' });
      await page.getByText('Please fill all fields', { exact: true }).waitFor();
      await fill({
        'First Name': 'Grace',
        'Last Name': 'Walker',
        Email: 'grace@',
        Password: 'Harbor-Lantern-74',
        'Confirm Password': 'Harbor-Lantern-74',
      });
      await expectError('Please enter a valid email address', 'Email');
      await fill({ Email: 'grace@example.com', 'Confirm Password': 'Harbor-Lantern-75' });
      await expectError('Password does not match', 'Confirm Password');
      await fill({ Password: 'Sh0rt-pw!', 'Confirm Password': 'Sh0rt-pw!' });
      await expectError('Please enter a password with a length of 10 characters or longer', 'Password');
      await fill({ Password: 'Harbor-Lantern', 'Confirm Password': 'Harbor-Lantern' });
      await expectError('Please have at least one number in your password', 'Password');
      await fill({ Password: '1234-5678-90', 'Confirm Password': '1234-5678-90' });
      await expectError('Please have at least one letter in your password', 'Password');
      await fill({ Password: 'HarborLantern74', 'Confirm Password': 'HarborLantern74' });
      await expectError('Please have at least one special character in your password', 'Password');
    } finally {
      await context.close();
    }
  });

  it('shows the login validation messages in the sign-in modal, and closing resets it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await openSignIn(page);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await dialog.getByText('Please fill all fields').waitFor();
      await dialog.getByLabel('Email').fill('grace@');
      await dialog.getByLabel('Password', { exact: true }).fill('Harbor-Lantern-74');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await dialog.getByText('Please enter a valid email address').waitFor();
      await dialog.getByLabel('Email').fill('grace@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('short');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await dialog.getByText('Please enter a password with a length of 10 characters or longer').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await openSignIn(page);
      expect(await page.getByRole('dialog').getByLabel('Email').inputValue()).toBe('');
      expect(await page.getByRole('dialog').getByText('Please enter a password').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
