import { randomUUID } from 'node:crypto';
import { appUrls } from './browser';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  token: string;
}

/** A new account made through the product's own sign-up API, with its session token (on the suite's app by default). */
export async function signUpTestUser(baseUrl = appUrls().baseUrl): Promise<NewAccount> {
  const account = {
    firstName: 'Ada',
    lastName: 'Browser',
    email: `patient.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Harbor-Lantern-74',
  };
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { ...account, token };
}
