import { AiTexts, AI_PATHS, aiCallCost, type AiDashboardItemResponse, type DefineMedCodeResponse } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

/**
 * The AI calls (issue 18): the offline provider (the default) answering from the reference data and the member's own
 * claims, the staff-only prompt tester APIs, validation, and the OpenAI-compatible adapter pointed at the sandbox AI:
 * what the sandbox received names no one, and a failure is an error-log row of the spec's type and a 502.
 */
describe('AI: /api/ai/* and /api/medicalTips/getMedicalTipsFromEOB', () => {
  let sandbox: RunningSandbox;
  // One app at a time, and at most one more for a test of its own: CI's two test workers share the PostgreSQL
  // server's 100 connections, and each app holds a pool, its job workers and its listeners.
  let offline: NestFastifyApplication;
  let offlineOpen = false;
  let openaiApp: NestFastifyApplication | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox();
    offline = await createTestApp({ SANDBOX_URL: sandbox.url });
    offlineOpen = true;
  }, 180_000);
  afterAll(async () => {
    if (offlineOpen) await offline.close();
    await openaiApp?.close();
    await sandbox?.stop();
  });

  const post = (app: NestFastifyApplication, url: string, token: string | null, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'x-forwarded-for': `2001:db8:a1::${Math.floor(Math.random() * 0xffff).toString(16)}`, ...(token ? bearer(token) : {}) },
    });
  const aiAdmin = (path: string, method = 'GET', body?: object) =>
    fetch(`${sandbox.url}/ai/_admin/${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const received = async (): Promise<unknown[]> =>
    ((await (await aiAdmin('requests')).json()) as { requests: { body: unknown }[] }).requests.map((r) => r.body);

  /** What a sandbox member's records hold that must never leave: names, address, member id, exact dates. */
  const PERSON = {
    firstName: 'Ada',
    lastName: 'Quillfeather',
    street: '1420 Larkspur Terrace',
    city: 'Tumwater',
    memberId: '1EG4TE5MK72',
    birthdate: '1953-04-17',
    claimDates: ['2025-03-04', '2024-11-19'],
  };
  let drugNdc: string;

  async function member(app: NestFastifyApplication, options: { staff?: boolean; birthdate?: string } = {}) {
    const user = await tokenFor(app);
    const ds = dataSourceOf(app);
    if (options.staff) await ds.query(`UPDATE users SET role = 'staff' WHERE id = $1`, [user.userId]);
    await ds.query(
      `INSERT INTO patient_info (user_id, source, first_name, last_name, street_address, city, state, postal_code, birthdate, gender)
       VALUES ($1, 'uhc', $2, $3, $4, $5, 'WA', '98501', $6, 'female')`,
      [user.userId, PERSON.firstName, PERSON.lastName, PERSON.street, PERSON.city, options.birthdate ?? PERSON.birthdate],
    );
    const claim = (id: string, date: string, diagnoses: object[], procedures: object[]) =>
      ds.query(
        `INSERT INTO claims (user_id, insurer_key, source_id, service_date, rendering_provider, diagnoses, procedures)
         VALUES ($1, 'uhc', $2, $3, 'Dr. Rivera', $4::jsonb, $5::jsonb)`,
        [user.userId, id, date, JSON.stringify(diagnoses), JSON.stringify(procedures)],
      );
    await claim(
      `${PERSON.memberId}-eob-1`,
      PERSON.claimDates[0]!,
      [
        { id: '1', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes mellitus without complications' },
        { id: '2', diagnosis_code: 'I10', diagnosis_display: 'Essential hypertension' },
      ],
      [
        {
          id: '1',
          procedure_code: 'G0439',
          procedure_date: `${PERSON.claimDates[0]}T00:00:00Z`,
          procedure_display: 'Annual wellness visit',
        },
      ],
    );
    await claim(
      `${PERSON.memberId}-eob-2`,
      PERSON.claimDates[1]!,
      [{ id: '1', diagnosis_code: 'E11.9', diagnosis_display: null }],
      [
        { id: '1', procedure_code: 'G0439', procedure_date: PERSON.claimDates[1], procedure_display: null },
        { id: '2', procedure_code: '99213', procedure_date: PERSON.claimDates[1], procedure_display: 'Office visit' },
      ],
    );
    await ds.query(
      `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed)
       VALUES ($1, 'uhc', $2, 'Lipid drug', $3, $4)`,
      [user.userId, `${PERSON.memberId}-rx-1`, drugNdc, PERSON.claimDates[0]],
    );
    return user;
  }

  beforeAll(async () => {
    const [row] = await dataSourceOf(offline).query(
      `SELECT d.ndc11 FROM ndc_drugs d JOIN rxnorm_concepts c ON c.rxcui = d.rxcui WHERE c.tty = 'SCD' ORDER BY d.ndc11 LIMIT 1`,
    );
    drugNdc = row.ndc11;
  });

  describe('offline (the default): grounded answers, nothing sent anywhere', () => {
    it("answers the member's own codes, cards, definitions and tips, each naming its source, with usage rows of 0 tokens", async () => {
      await aiAdmin('requests', 'DELETE');
      const { token, userId } = await member(offline);
      const other = await member(offline);

      const data = await offline.inject({ method: 'GET', url: AI_PATHS.medicalData, headers: bearer(token) });
      expect(data.statusCode).toBe(200);
      expect(data.json()).toEqual({
        diagnosisCodes: [
          { code: 'E11.9', display: 'Type 2 diabetes mellitus without complications', lastSeen: '2025-03-04' },
          { code: 'I10', display: 'Essential hypertension', lastSeen: '2025-03-04' },
        ],
        procedureCodes: [
          { code: 'G0439', display: 'Annual wellness visit', lastSeen: '2025-03-04' },
          { code: '99213', display: 'Office visit', lastSeen: '2024-11-19' },
        ],
        drugList: [{ code: drugNdc, display: 'Lipid drug', lastSeen: '2025-03-04' }],
      });

      const card = async (itemKey: string) => {
        const res = await post(offline, AI_PATHS.aiDashboardItem, token, { itemKey, requiredFields: [] });
        expect(res.statusCode).toBe(200);
        return res.json() as AiDashboardItemResponse;
      };
      const symptoms = await card('symptomMonitoring');
      expect(symptoms.output.map((s) => s.title)).toEqual(['Diabetes Type 2 (E11.9)', 'High Blood Pressure (I10)']);
      expect(symptoms.sources.map((s) => s.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^ICD-10-CM FY2022/), expect.stringMatching(/^MedlinePlus/)]),
      );
      // 73 in 2026, female (birthdate 1953-04-17): USPSTF screenings by age and sex.
      const tests = await card('recommendedTests');
      expect(tests.output[0]).toMatchObject({ title: 'Colorectal Cancer: Screening' });
      expect(tests.sources).toEqual([expect.objectContaining({ provider: 'offline', asOf: '2025-07-19' })]);
      const procedures = await card('procedures');
      expect(procedures.output[0]).toEqual({
        title: expect.stringContaining('(G0439)'),
        details: expect.stringMatching(/^HCPCS: .*\. Your claims list this code 2 times, most recently in 2025\.$/),
      });
      expect(procedures.output[1]).toEqual({
        title: 'Procedure code 99213',
        details: 'Your claims list this code once, most recently in 2024.',
      });
      expect(procedures.usage).toMatchObject({ input_tokens: 0, output_tokens: 0, total_tokens: 0, cost: 0, model: 'gpt-4o' });

      const tips = await post(offline, AI_PATHS.medicalTips, token);
      expect(tips.statusCode).toBe(200);
      expect(tips.json().normalizedResponse.tips.map((t: { title: string }) => t.title)).toEqual([
        'Diabetes Type 2',
        'High Blood Pressure',
      ]);

      const defined = await post(offline, AI_PATHS.defineMedCode, token, { code: 'E11.9', codeType: 'diagnosis code' });
      expect(defined.statusCode).toBe(200);
      expect(defined.json()).toMatchObject({
        known: true,
        term: 'Diabetes Type 2',
        officialName: 'Type 2 diabetes mellitus without complications',
      });
      const drug = (
        await post(offline, AI_PATHS.defineMedCode, token, { code: drugNdc, codeType: 'drug ndc' })
      ).json() as DefineMedCodeResponse;
      expect(drug).toMatchObject({ known: true, source: { provider: 'offline', name: expect.stringMatching(/RxNorm/) } });
      expect(drug.explanation).toMatch(/^RxNorm \d+: /);
      const unknown = await post(offline, AI_PATHS.defineMedCode, token, { code: 'Q99.999', codeType: 'diagnosis code' });
      expect(unknown.json()).toMatchObject({ known: false, officialName: null, output: AiTexts.unknownCode('Q99.999') });

      const usage = await dataSourceOf(offline).query(
        `SELECT endpoint, provider, input_tokens, output_tokens, total_tokens, cost::float AS cost FROM ai_usage WHERE user_id = $1 ORDER BY created_at, endpoint`,
        [userId],
      );
      expect(usage.map((u: { endpoint: string }) => u.endpoint).sort()).toEqual(
        expect.arrayContaining(['aiDashboardItem', 'aiDashboardItem', 'aiDashboardItem', 'medicalTips']),
      );
      expect(
        usage.every(
          (u: { provider: string; total_tokens: number; cost: number }) => u.provider === 'offline' && u.total_tokens === 0 && u.cost === 0,
        ),
      ).toBe(true);
      expect(await received()).toEqual([]);

      // Another member sees their own codes only.
      const theirs = await offline.inject({ method: 'GET', url: AI_PATHS.medicalData, headers: bearer(other.token) });
      expect(theirs.json().diagnosisCodes).toHaveLength(2);
      await dataSourceOf(offline).query(`DELETE FROM claims WHERE user_id = $1`, [other.userId]);
      expect(
        (await offline.inject({ method: 'GET', url: AI_PATHS.medicalData, headers: bearer(other.token) })).json().diagnosisCodes,
      ).toEqual([]);
      // A card whose data list is empty is not asked of the provider.
      const none = await post(offline, AI_PATHS.aiDashboardItem, other.token, { itemKey: 'symptomMonitoring' });
      expect(none.json()).toMatchObject({ output: [], sources: [] });
    });

    it('defines every code of the member in one call with ?definitions=true, as defineMedCode does', async () => {
      const { token } = await member(offline);
      const res = await offline.inject({ method: 'GET', url: `${AI_PATHS.medicalData}?definitions=true`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const data = res.json();
      const single = (await post(offline, AI_PATHS.defineMedCode, token, { code: 'G0439', codeType: 'procedure code' })).json();
      expect(data.procedureCodes[0]).toMatchObject({ code: 'G0439', definition: single });
      expect(data.procedureCodes[1].definition).toMatchObject({ known: false, output: AiTexts.unknownCode('99213') });
      expect(data.diagnosisCodes[0].definition).toMatchObject({ known: true, term: 'Diabetes Type 2' });
      expect(data.drugList[0].definition).toMatchObject({ known: true });
      const plain = await offline.inject({ method: 'GET', url: AI_PATHS.medicalData, headers: bearer(token) });
      expect(plain.json().diagnosisCodes[0]).not.toHaveProperty('definition');
      for (const query of ['?definitions=yes', '?definitions=true&definitions=true']) {
        const bad = await offline.inject({ method: 'GET', url: `${AI_PATHS.medicalData}${query}`, headers: bearer(token) });
        expect({ query, status: bad.statusCode }).toEqual({ query, status: 400 });
      }
    });

    it('caches a definition per code, language, provider and model (in PostgreSQL)', async () => {
      const { token } = await member(offline);
      await post(offline, AI_PATHS.defineMedCode, token, { code: 'I10', codeType: 'diagnosis code', language: 'en-US' });
      const rows = await dataSourceOf(offline).query(
        `SELECT code_type, code, language, provider, model FROM code_definitions WHERE code = 'I10' AND code_type = 'diagnosis code'`,
      );
      expect(rows).toEqual([
        {
          code_type: 'diagnosis code',
          code: 'I10',
          language: 'en',
          provider: 'offline',
          model: 'offline:icd10cm-fy2022+hcpcs-2020+medlineplus-2019+v1',
        },
      ]);
    });

    it('401 without a session; patients 403 on the staff APIs; staff get answers', async () => {
      expect((await post(offline, AI_PATHS.defineMedCode, null, { code: 'I10', codeType: 'diagnosis code' })).statusCode).toBe(401);
      expect((await offline.inject({ method: 'GET', url: AI_PATHS.medicalData })).statusCode).toBe(401);
      const patient = await member(offline);
      for (const [url, body] of [
        [AI_PATHS.createChatCompletionWithInstruction, { instructions: 'Explain', input: 'E11.9' }],
        [AI_PATHS.createChatCompletion, { messages: [{ role: 'user', content: 'E11.9' }] }],
      ] as const) {
        const res = await post(offline, url, patient.token, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'AUTH.STAFF_ONLY' });
      }
      const staff = await member(offline, { staff: true });
      const answer = await post(offline, AI_PATHS.createChatCompletionWithInstruction, staff.token, {
        instructions: 'Explain',
        input: 'E11.9 and G0439',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().output).toMatch(/E11\.9: Diabetes Type 2\./);
      expect(answer.json().output).toMatch(/G0439: /);
      // The prompt tester: a staff member's own input is read for codes, an age and a sex (their own records are not).
      const tester = await post(offline, AI_PATHS.aiDashboardItem, staff.token, {
        itemKey: 'recommendedTests',
        input: 'Ada Smith, male, 52 years old, seen 2025-01-02 for I10',
        instructions: 'List tests',
      });
      expect(tester.statusCode).toBe(200);
      expect(tester.json().output.map((t: { title: string }) => t.title)).toContain('Colorectal Cancer: Screening');
      expect(tester.json().output.map((t: { title: string }) => t.title)).not.toContain('Breast Cancer: Screening');
      const noCodes = await post(offline, AI_PATHS.aiDashboardItem, staff.token, { itemKey: 'procedures', input: 'E11.9 only' });
      expect(noCodes.json()).toMatchObject({ output: [] });
      const chat = await post(offline, AI_PATHS.createChatCompletion, staff.token, {
        messages: [{ role: 'user', content: 'no codes here' }],
        model: 'o3',
      });
      expect(chat.json()).toMatchObject({ usage: { model: 'o3', total_tokens: 0 } });
      expect(chat.json().output).toMatch(/No known ICD-10-CM, HCPCS or NDC code/);
    });

    it('400 naming the field and the reason, never a 500', async () => {
      const staff = await member(offline, { staff: true });
      const cases: [string, unknown, string, string | RegExp][] = [
        [AI_PATHS.createChatCompletionWithInstruction, { instructions: '   ', input: 'x' }, 'instructions', AiTexts.instructionsRequired],
        [AI_PATHS.createChatCompletionWithInstruction, { input: 'x' }, 'instructions', AiTexts.instructionsRequired],
        [
          AI_PATHS.createChatCompletionWithInstruction,
          { instructions: 'x', model: 'gpt-5' },
          'model',
          /model must be one of gpt-4o, gpt-4, gpt-4\.5, o3, o4-mini, gpt-3\.5-turbo/,
        ],
        [
          AI_PATHS.createChatCompletionWithInstruction,
          { instructions: 'x', input: 'y'.repeat(20_001) },
          'input',
          /at most 20,000 characters/,
        ],
        [AI_PATHS.createChatCompletionWithInstruction, { instructions: 42 }, 'instructions', /must be text/],
        [AI_PATHS.createChatCompletion, { messages: [] }, 'messages', /1 to 50/],
        [AI_PATHS.createChatCompletion, { messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role', /system, user or assistant/],
        [AI_PATHS.createChatCompletion, { messages: [{ role: 'user', content: 'x' }], temperature: 3 }, 'temperature', /0 to 2/],
        [AI_PATHS.aiDashboardItem, { itemKey: 'horoscope' }, 'itemKey', /symptomMonitoring/],
        [AI_PATHS.aiDashboardItem, { itemKey: 'procedures', requiredFields: ['x'] }, 'requiredFields', /drugList/],
        [AI_PATHS.defineMedCode, { code: '', codeType: 'diagnosis code' }, 'code', 'code is required'],
        [AI_PATHS.defineMedCode, { code: 119, codeType: 'diagnosis code' }, 'code', 'code must be text'],
        [AI_PATHS.defineMedCode, { code: 'E11.9; DROP', codeType: 'diagnosis code' }, 'code', /letters, digits/],
        [AI_PATHS.defineMedCode, { code: 'E11.9', codeType: 'icd' }, 'codeType', /diagnosis code, procedure code, drug ndc/],
        [AI_PATHS.defineMedCode, { code: 'E11.9', codeType: 'diagnosis code', language: 'es' }, 'language', /English only/],
      ];
      for (const [url, body, field, message] of cases) {
        const res = await post(offline, url, staff.token, body);
        expect({ url, field, status: res.statusCode }).toEqual({ url, field, status: 400 });
        const error = (res.json() as { code: string; errors: { field: string; message: string }[] }).errors.find((e) => e.field === field);
        expect({ url, field, message: error?.message }).toEqual({
          url,
          field,
          message: expect.stringMatching(message instanceof RegExp ? message : `^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        });
      }
      const nul = await post(offline, AI_PATHS.createChatCompletionWithInstruction, staff.token, { instructions: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      const surrogate = await offline.inject({
        method: 'POST',
        url: AI_PATHS.defineMedCode,
        payload: '{"code":"\\ud800","codeType":"diagnosis code"}',
        headers: { ...bearer(staff.token), 'content-type': 'application/json' },
      });
      expect(surrogate.statusCode).toBe(400);
    });

    it("account deletion erases the member's usage rows", async () => {
      const { token, userId } = await member(offline);
      await post(offline, AI_PATHS.medicalTips, token);
      const count = async () =>
        (await dataSourceOf(offline).query(`SELECT count(*)::int AS n FROM ai_usage WHERE user_id = $1`, [userId]))[0].n;
      expect(await count()).toBe(1);
      const deleted = await offline.inject({
        method: 'DELETE',
        url: '/api/users',
        headers: { ...bearer(token), 'x-forwarded-for': '2001:db8:de1::1' },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await count()).toBe(0);
    });
  });

  describe('the OpenAI-compatible adapter against the sandbox AI', () => {
    let openai: NestFastifyApplication;
    beforeAll(async () => {
      if (offlineOpen) await offline.close();
      offlineOpen = false;
      openai = await createTestApp({ SANDBOX_URL: sandbox.url, AI_PROVIDER: 'openai', AI_TIMEOUT_MS: '1000' });
      openaiApp = openai;
    }, 120_000);
    afterEach(async () => {
      await aiAdmin('faults', 'DELETE');
    });

    it('sends codes, official names, age in years and sex only: no name, address, member id or exact date', async () => {
      await aiAdmin('requests', 'DELETE');
      const { token, userId } = await member(openai);
      const staff = await member(openai, { staff: true });
      // Insurer text where a code belongs: not a code's shape, so it goes as a count (with 99213, a CPT code the
      // reference data does not hold).
      await dataSourceOf(openai).query(
        `INSERT INTO claims (user_id, insurer_key, source_id, service_date, diagnoses, procedures)
         VALUES ($1, 'uhc', $2, '2025-01-08', '[]'::jsonb, $3::jsonb)`,
        [userId, `${PERSON.memberId}-eob-3`, JSON.stringify([{ id: '1', procedure_code: 'Jane Doe note', procedure_date: '2025-01-08' }])],
      );

      const card = await post(openai, AI_PATHS.aiDashboardItem, token, {
        itemKey: 'symptomMonitoring',
        input: `${PERSON.firstName} ${PERSON.birthdate}`,
        instructions: 'ignore',
      });
      expect(card.statusCode).toBe(200);
      expect(card.json()).toMatchObject({
        output: [
          { title: 'Sandbox title 1.', details: 'Sandbox details 1.' },
          { title: 'Sandbox title 2.', details: 'Sandbox details 2.' },
        ],
        sources: [{ provider: 'openai', name: 'gpt-4o', asOf: null }],
      });
      const usage = card.json().usage;
      expect(usage.input_tokens).toBeGreaterThan(0);
      expect(usage.cost).toBeCloseTo(aiCallCost('gpt-4o', usage.input_tokens, usage.output_tokens), 10);
      const defined = await post(openai, AI_PATHS.defineMedCode, token, { code: 'E11.9', codeType: 'diagnosis code', model: 'gpt-4' });
      expect(defined.json()).toMatchObject({
        output: 'Sandbox term.: Sandbox explanation.',
        known: true,
        source: { provider: 'openai', name: 'gpt-4' },
      });
      // An unknown code is never sent: the answer says so.
      expect((await post(openai, AI_PATHS.defineMedCode, token, { code: 'Q99.999', codeType: 'diagnosis code' })).json()).toMatchObject({
        known: false,
      });
      expect((await post(openai, AI_PATHS.medicalTips, token)).statusCode).toBe(200);
      // Staff-typed text is refused while AI_STAFF_FREE_TEXT is not allow: names cannot be scrubbed from it.
      for (const [url, body, field] of [
        [
          AI_PATHS.createChatCompletionWithInstruction,
          { instructions: `Patient ${PERSON.memberId} seen on ${PERSON.claimDates[0]}`, input: `E11.9 for ${PERSON.firstName}` },
          'instructions',
        ],
        [
          AI_PATHS.createChatCompletion,
          { messages: [{ role: 'user', content: `${PERSON.firstName} ${PERSON.lastName} has E11.9` }] },
          'messages',
        ],
        [
          AI_PATHS.aiDashboardItem,
          { itemKey: 'symptomMonitoring', input: 'E11.9', instructions: `For ${PERSON.lastName}` },
          'instructions',
        ],
      ] as const) {
        const refused = await post(openai, url, staff.token, body);
        expect({ url, status: refused.statusCode }).toEqual({ url, status: 400 });
        expect(refused.json()).toMatchObject({
          code: 'AI.STAFF_TEXT_NOT_SENT',
          message: expect.stringContaining('AI_STAFF_FREE_TEXT=allow'),
          errors: [{ field }],
        });
      }
      // The prompt tester's input alone: only the codes, age and sex read from it leave.
      const tester = await post(openai, AI_PATHS.aiDashboardItem, staff.token, {
        itemKey: 'symptomMonitoring',
        input: `${PERSON.firstName} ${PERSON.lastName}, 71 years old, female, ${PERSON.claimDates[0]} - ${drugNdc}, I10 and Q99.99`,
      });
      expect(tester.statusCode).toBe(200);

      const bodies = await received();
      expect(bodies).toHaveLength(4);
      const sent = JSON.stringify(bodies);
      for (const secret of [
        PERSON.firstName,
        PERSON.lastName,
        PERSON.street,
        PERSON.city,
        PERSON.memberId,
        PERSON.birthdate,
        ...PERSON.claimDates,
        userId,
        token,
      ])
        expect({ secret, found: sent.includes(secret) }).toEqual({ secret, found: false });
      expect(sent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(sent).toContain('E11.9 (Type 2 diabetes mellitus without complications)');
      expect(sent).toContain('73 years old, female');
      expect(sent).toContain('2 other codes not in the reference data');
      expect(sent).not.toMatch(/jane|doe|99213/i);
      expect(sent).toContain('Patient: 71 years old, female.\\nDiagnosis codes (ICD-10-CM): I10 (Essential (primary) hypertension).');
      expect(sent).toContain('1 other code not in the reference data');
      expect(sent).toContain(drugNdc);
      const rows = await dataSourceOf(openai).query(
        `SELECT provider, model, total_tokens FROM ai_usage WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      );
      expect(rows.map((r: { provider: string }) => r.provider)).toEqual(['openai', 'openai', 'openai']);
      expect(rows.every((r: { total_tokens: number }) => r.total_tokens > 0)).toBe(true);
    });

    it('sends an age over 89 as "90 or older" (a 1930 birthdate)', async () => {
      await aiAdmin('requests', 'DELETE');
      const { token } = await member(openai, { birthdate: '1930-06-02' });
      expect((await post(openai, AI_PATHS.medicalTips, token)).statusCode).toBe(200);
      const sent = JSON.stringify(await received());
      expect(sent).toContain('Patient: 90 or older, female.');
      expect(sent).not.toMatch(/9[1-9] years old|1930/);
    });

    it('with AI_STAFF_FREE_TEXT=allow sends staff text with dates cut to years and ids removed', async () => {
      // AI_STAFF_FREE_TEXT=allow: the operator has accepted that staff-typed text (scrubbed) leaves.
      const openaiFreeText = await createTestApp({ SANDBOX_URL: sandbox.url, AI_PROVIDER: 'openai', AI_STAFF_FREE_TEXT: 'allow' });
      try {
        await aiAdmin('requests', 'DELETE');
        const staff = await member(openaiFreeText, { staff: true });
        const tester = await post(openaiFreeText, AI_PATHS.createChatCompletionWithInstruction, staff.token, {
          instructions: `Patient ${PERSON.memberId} seen on ${PERSON.claimDates[0]} and on March 14`,
          input: `${PERSON.claimDates[0]} - ${drugNdc}\nmember id: ${PERSON.memberId}\nE11.9 since 03/14`,
        });
        expect(tester.statusCode).toBe(200);
        expect(tester.json().output).toBe('Sandbox completion of a 2-message conversation.');
        const chat = await post(openaiFreeText, AI_PATHS.createChatCompletion, staff.token, {
          messages: [{ role: 'user', content: `Call ${PERSON.firstName} at (360) 555-0199 about E11.9, seen 14 March` }],
        });
        expect(chat.statusCode).toBe(200);
        const sent = JSON.stringify(await received());
        for (const secret of [PERSON.memberId, ...PERSON.claimDates, '555-0199', 'March 14', '03/14', '14 March'])
          expect({ secret, found: sent.includes(secret) }).toEqual({ secret, found: false });
        expect(sent).toContain(`2025 - ${drugNdc}`);
        expect(sent).toContain('E11.9');
      } finally {
        await openaiFreeText.close();
      }
    });

    it.each([
      ['status500', AI_PATHS.defineMedCode, { code: 'I10', codeType: 'diagnosis code', model: 'o3' }, 'OPENAI_MEDICAL_CODE_ERROR'],
      ['status429', AI_PATHS.aiDashboardItem, { itemKey: 'procedures' }, 'OPENAI_DASHBOARD_ITEM_ERROR'],
      ['malformed', AI_PATHS.medicalTips, undefined, 'OPENAI_FETCH_ERROR'],
      ['timeout', AI_PATHS.aiDashboardItem, { itemKey: 'symptomMonitoring', model: 'o4-mini' }, 'OPENAI_DASHBOARD_ITEM_EXCEPTION'],
    ])('a %s fault on %s %j: 502 "Failed to fetch response from OpenAI." and an error row %s', async (kind, url, body, errorType) => {
      const { token, userId } = await member(openai);
      expect((await aiAdmin('faults', 'POST', { kind, times: 1, ...(kind === 'timeout' ? { delayMs: 3000 } : {}) })).status).toBe(201);
      const res = await post(openai, url, token, body);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'AI.PROVIDER_FAILED', message: AiTexts.failed });
      const errors = await dataSourceOf(openai).query(`SELECT error_type, insurer_name, error_details FROM errors WHERE user_id = $1`, [
        userId,
      ]);
      expect(errors).toEqual([{ error_type: errorType, insurer_name: 'ai', error_details: expect.any(Object) }]);
      expect(JSON.stringify(errors[0].error_details)).not.toMatch(/Quillfeather|E11\.9|sandbox-ai-key/);
      expect(await dataSourceOf(openai).query(`SELECT 1 FROM ai_usage WHERE user_id = $1`, [userId])).toEqual([]);
    });

    it('a staff chat with a refused key is an OPENAI_CHAT_ERROR', async () => {
      const wrongKey = await createTestApp({
        SANDBOX_URL: sandbox.url,
        AI_PROVIDER: 'openai',
        AI_BASE_URL: `${sandbox.url}/ai/v1/`,
        AI_API_KEY: `wrong-${randomUUID()}`,
        AI_STAFF_FREE_TEXT: 'allow',
      });
      try {
        const staff = await member(wrongKey, { staff: true });
        const res = await post(wrongKey, AI_PATHS.createChatCompletion, staff.token, { messages: [{ role: 'user', content: 'hi' }] });
        expect(res.statusCode).toBe(502);
        const [row] = await dataSourceOf(wrongKey).query(`SELECT error_type, error_details FROM errors WHERE user_id = $1`, [staff.userId]);
        expect(row).toMatchObject({ error_type: 'OPENAI_CHAT_ERROR', error_details: { status: 401 } });
      } finally {
        await wrongKey.close();
      }
    });
  });
});
