// Code definitions for a member's 50 distinct codes (30 ICD-10-CM, 12 HCPCS, 8 NDCs) with the offline provider (the
// default): GET /api/ai/medicalData?definitions=true, the one call Your Medical Data on /app/aiDashboard makes for every
// code with its definition. Cold: the first time (reference tables loaded, definitions computed and stored); warm: the
// same again (the in-memory cache). Target (issue 18): warm at most 20 ms for all 50. Also shown, for comparison: the
// per-code path (50 POST /api/ai/defineMedCode at once), which the page now uses only to retry a code that failed.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DIAGNOSIS_CODES as ICD } from './lib/bench-codes.mjs';

const WARM_TARGET_MS = 20;
const WARM_RUNS = 5;
const HCPCS = ['G0439', 'G0438', 'G0008', 'G0009', 'G0121', 'G0105', 'J1100', 'A0428', 'E0601', 'G0444', 'G0442', 'J3420'];
const NDC_COUNT = 8;

async function define(base, headers, code, codeType) {
  const res = await fetch(`${base}/api/ai/defineMedCode`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ code, codeType }),
  });
  if (res.status !== 200) throw new Error(`defineMedCode ${code}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The page's call: the member's codes, each with its definition (GET /api/ai/medicalData?definitions=true). */
async function timedBatch(base, headers) {
  const start = performance.now();
  const res = await fetch(`${base}/api/ai/medicalData?definitions=true`, { headers });
  if (res.status !== 200) throw new Error(`medicalData: ${res.status} ${await res.text()}`);
  const data = await res.json();
  const entries = [...data.diagnosisCodes, ...data.procedureCodes, ...data.drugList];
  return { ms: performance.now() - start, codes: entries.length, known: entries.filter((e) => e.definition?.known).length };
}

/** The same with one defineMedCode call per code, all at once (the per-code path: the page's retry of a failed code). */
async function timedSingles(base, headers) {
  const start = performance.now();
  const data = await (await fetch(`${base}/api/ai/medicalData`, { headers })).json();
  const answers = await Promise.all([
    ...data.diagnosisCodes.map((c) => define(base, headers, c.code, 'diagnosis code')),
    ...data.procedureCodes.map((c) => define(base, headers, c.code, 'procedure code')),
    ...data.drugList.map((c) => define(base, headers, c.code, 'drug ndc')),
  ]);
  return { ms: performance.now() - start, codes: answers.length, known: answers.filter((a) => a.known).length };
}

const median = (runs) => {
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1] };
};

/** Signs up a member with 50 distinct codes on their claims and prescriptions, and prints cold and warm timings. */
export async function benchAi({ base, databaseUrl }) {
  const account = {
    firstName: 'Ai',
    lastName: 'Bench',
    email: `ai.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Harbor-Lantern-74',
  };
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8::a1' },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const headers = { authorization: `Bearer ${(await signup.json()).token}` };

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const userId = (await db.query(`SELECT id FROM users WHERE email = $1`, [account.email])).rows[0].id;
    const ndcs = (
      await db.query(
        `SELECT d.ndc11 FROM ndc_drugs d JOIN rxnorm_concepts c ON c.rxcui = d.rxcui WHERE c.tty = 'SCD' ORDER BY d.ndc11 LIMIT $1`,
        [NDC_COUNT],
      )
    ).rows.map((r) => r.ndc11);
    const diagnoses = ICD.map((code, i) => ({ id: String(i + 1), diagnosis_code: code, diagnosis_display: null }));
    const procedures = HCPCS.map((code, i) => ({
      id: String(i + 1),
      procedure_code: code,
      procedure_date: '2025-06-01',
      procedure_display: null,
    }));
    await db.query(
      `INSERT INTO claims (user_id, insurer_key, source_id, service_date, diagnoses, procedures) VALUES ($1, 'bench', 'bench-ai-eob', '2025-06-01', $2::jsonb, $3::jsonb)`,
      [userId, JSON.stringify(diagnoses), JSON.stringify(procedures)],
    );
    for (const [i, ndc] of ndcs.entries())
      await db.query(
        `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_ndc, date_prescribed) VALUES ($1, 'bench', $2, $3, '2025-06-01')`,
        [userId, `bench-ai-rx-${i}`, ndc],
      );
  } finally {
    await db.end();
  }

  const cold = await timedBatch(base, headers);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedBatch(base, headers));
  const singles = [];
  for (let i = 0; i < WARM_RUNS; i++) singles.push(await timedSingles(base, headers));
  const batch = median(warm);
  const single = median(singles);
  console.log(
    `\nAI code definitions (offline provider): a member's ${cold.codes} distinct codes (${cold.known} known), ${WARM_RUNS} warm runs each`,
  );
  console.table([
    {
      figure: "medicalData?definitions=true (the page's call), cold (tables loaded, computed, stored)",
      value: `${Math.round(cold.ms)} ms`,
    },
    {
      figure: 'medicalData?definitions=true, warm, median',
      value: `${batch.median.toFixed(1)} ms`,
      target: `<= ${WARM_TARGET_MS} ms`,
      verdict: batch.median <= WARM_TARGET_MS ? 'PASS' : 'FAIL',
    },
    { figure: 'medicalData?definitions=true, warm, slowest', value: `${batch.worst.toFixed(1)} ms` },
    {
      figure: `medicalData + ${cold.codes} defineMedCode calls at once (retry path), warm, median`,
      value: `${single.median.toFixed(1)} ms`,
    },
  ]);
}
