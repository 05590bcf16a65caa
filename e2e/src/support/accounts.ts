import { randomBytes, randomUUID } from 'node:crypto';
import { appUrls } from './browser';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  token: string;
}

/** A client address of its own (IPv6 documentation range; an IPv6 address counts by its /64). */
const clientAddress = (): string => {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  return `2001:db8:${a}:${b}::1`;
};

/**
 * A new account made through the product's own sign-up API, with its session token (on the suite's app by default).
 * Each sign-up comes from its own address: the suite makes more accounts than one person may in an hour.
 */
export async function signUpTestUser(baseUrl = appUrls().baseUrl): Promise<NewAccount> {
  const account = {
    firstName: 'Ada',
    lastName: 'Browser',
    email: `patient.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Harbor-Lantern-74',
  };
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { ...account, token };
}
