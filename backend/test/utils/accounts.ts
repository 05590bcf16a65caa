import { buildUser } from '../factories/user.factory';

/** Signs up a new user over real HTTP (for tests that run the backend as a separate process). */
export async function signUpOver(baseUrl: string): Promise<{ token: string; email: string }> {
  const user = buildUser();
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { token, email: user.email };
}
