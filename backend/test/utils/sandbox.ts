import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports';

const SANDBOX_MAIN = join(__dirname, '..', '..', '..', 'sandbox', 'dist', 'main.js');

export interface RunningSandbox {
  url: string;
  /** Its SMTP server (the mail partner's inbox: GET {url}/mail/messages?to=). */
  smtpPort: number;
  stop(): Promise<void>;
  setFault(fault: {
    insurer?: string;
    resource?: string;
    kind: 'status500' | 'timeout' | 'malformedBundle' | 'slow';
    times?: number;
    delayMs?: number;
  }): Promise<void>;
  clearFaults(): Promise<void>;
  setAccessTokenTtl(seconds: number): Promise<void>;
}

/** The partner sandbox as its own process (the built sandbox/dist), on free ports: the insurers' real protocols. */
export async function startSandbox(): Promise<RunningSandbox> {
  if (!existsSync(SANDBOX_MAIN)) throw new Error(`${SANDBOX_MAIN} is missing: build the sandbox first (nx run sandbox:build)`);
  const [port, smtpPort] = await Promise.all([freePort(), freePort()]);
  const child = spawn(process.execPath, [SANDBOX_MAIN], {
    env: { PATH: process.env.PATH ?? '', SANDBOX_PORT: String(port), SANDBOX_SMTP_PORT: String(smtpPort), SANDBOX_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the sandbox did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = (method: string, body?: object) =>
    fetch(`${url}/insurers/_admin/faults`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => {
      if (!r.ok) throw new Error(`sandbox admin answered ${r.status}`);
    });
  return {
    url,
    smtpPort,
    setFault: (fault) => admin('POST', fault),
    clearFaults: () => admin('DELETE'),
    setAccessTokenTtl: async (seconds) => {
      const res = await fetch(`${url}/insurers/_admin/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessTokenTtlSeconds: seconds }),
      });
      if (!res.ok) throw new Error(`sandbox settings answered ${res.status}`);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Plays the patient at the sandbox insurer's authorize page: picks a member, logs in and approves (or
 * denies), sharing every record type the page offers except those in `unshare` (each must be offered).
 * Answers the query of the redirect back to the product.
 */
export async function answerAuthorizePage(
  link: string,
  decision: 'approve' | 'deny' = 'approve',
  member?: string,
  unshare: readonly string[] = [],
): Promise<URLSearchParams> {
  const page = await (await fetch(link)).text();
  const form = /<form method="post" action="([^"]+)">/.exec(page);
  if (!form) throw new Error(`no form on the authorize page:\n${page.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(match[1], decodeHtml(match[2]));
  // Boxes the page ticks (the record types to share) are sent ticked, as a person who changes nothing would, but
  // for those the test unticks.
  const boxes = [...page.matchAll(/<input type="checkbox" name="([^"]+)" id="[^"]*" value="([^"]*)" checked>/g)];
  const offered = boxes.map((match) => decodeHtml(match[2]));
  const missing = unshare.filter((type) => !offered.includes(type));
  if (missing.length) throw new Error(`the sign-in page offers no checkbox for ${missing.join(', ')} (offered: ${offered.join(', ')})`);
  for (const match of boxes) if (!unshare.includes(decodeHtml(match[2]))) fields.append(match[1], decodeHtml(match[2]));
  const members = [...page.matchAll(/<input type="radio" name="member" id="[^"]*" value="([^"]+)"/g)].map((m) => decodeHtml(m[1]));
  const chosen = member ?? members[0];
  if (!chosen) throw new Error('no member to choose on the authorize page');
  fields.set('member', chosen);
  fields.set('username', chosen);
  fields.set('password', 'sandbox-password');
  fields.set('decision', decision);
  const res = await fetch(new URL(decodeHtml(form[1]), link), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the authorize page answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return new URL(location).searchParams;
}

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
