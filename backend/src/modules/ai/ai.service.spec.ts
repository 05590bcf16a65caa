import { AiErrorCode, AiTexts } from '@healthlink/contracts';
import type { ConfigService } from '@nestjs/config';
import { strictMock } from '../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { PatientInfoRepository } from '../accounts';
import type { RateLimiter, StaffRolesService } from '../auth';
import type { MemberCodesReader } from '../health-data';
import type { AiRepository } from './ai.repository';
import { AI_RATE_LIMITS, AiService } from './ai.service';
import { describeFacts, type MemberFacts } from './member-facts';
import { AiProvider, AiProviderFailure } from './providers/ai-provider';
import { OfflineAiProvider } from './providers/offline.provider';
import { AiReferenceData } from './reference/ai-reference-data';

const reference = new AiReferenceData();
const configWith = (staffFreeText: 'allow' | 'deny') =>
  ({
    get: () => ({ provider: 'openai', baseUrl: 'http://ai.test/v1', apiKey: 'k', model: 'gpt-4o', timeoutMs: 1000, staffFreeText }),
  }) as unknown as ConfigService<AppConfig, true>;
const config = configWith('deny');

describe('AiService (an external provider, strict mocks)', () => {
  let provider: jest.Mocked<AiProvider>;
  let repository: jest.Mocked<AiRepository>;
  let memberCodes: jest.Mocked<MemberCodesReader>;
  let patientInfo: jest.Mocked<PatientInfoRepository>;
  let roles: jest.Mocked<StaffRolesService>;
  let limiter: jest.Mocked<RateLimiter>;
  let errors: jest.Mocked<ErrorRecorder>;
  let service: AiService;

  beforeEach(() => {
    const unexpected = (name: string) => jest.fn(() => Promise.reject(new Error(`unexpected call: ${name}`)));
    provider = {
      kind: 'openai',
      complete: unexpected('complete'),
      suggest: unexpected('suggest'),
      define: unexpected('define'),
      tips: unexpected('tips'),
    } as unknown as jest.Mocked<AiProvider>;
    repository = strictMock<AiRepository>();
    memberCodes = strictMock<MemberCodesReader>();
    patientInfo = strictMock<PatientInfoRepository>();
    roles = strictMock<StaffRolesService>();
    limiter = strictMock<RateLimiter>();
    errors = strictMock<ErrorRecorder>();
    const offline = new OfflineAiProvider(reference, repository);
    service = new AiService(provider, offline, repository, memberCodes, patientInfo, roles, limiter, errors, config);
    limiter.consume.mockResolvedValue(undefined);
    repository.insertUsage.mockResolvedValue(undefined);
    memberCodes.memberCodes.mockResolvedValue({
      diagnoses: [{ code: 'E11.9', display: 'Sugar trouble per Dr. Who', lastSeen: '2025-03-04', count: 2 }],
      procedures: [{ code: 'G0439', display: null, lastSeen: '2024-11-19', count: 1 }],
      drugs: [],
    });
    repository.drugsByNdc.mockResolvedValue([]);
    patientInfo.listForUser.mockResolvedValue([
      {
        userId: 'u1',
        source: 'uhc',
        firstName: 'Ada',
        lastName: 'Quill',
        streetAddress: '12 Main St',
        birthdate: '1950-06-30',
        gender: 'FEMALE',
      } as never,
    ]);
  });

  it("gives the provider the member's codes, official names, age in years and sex: never a name, address, display text or date", async () => {
    let seen: MemberFacts | undefined;
    provider.suggest.mockImplementation(async (_item, facts) => {
      seen = facts;
      return { value: [{ title: 't', details: 'd' }], usage: { inputTokens: 100, outputTokens: 20 }, sourceKeys: ['gpt-4o'] };
    });
    // A patient's own input and instructions are not used.
    roles.roleOf.mockResolvedValue('patient');
    const answer = await service.dashboardItem('u1', { itemKey: 'symptomMonitoring', input: 'Ada', instructions: 'x' });
    expect(seen).toEqual({
      ageYears: expect.any(Number),
      sex: 'female',
      diagnoses: [{ code: 'E11.9', officialName: 'Type 2 diabetes mellitus without complications' }],
      procedures: [{ code: 'G0439', officialName: expect.stringMatching(/wellness/i), count: 1, lastYear: 2024 }],
      drugs: [],
      otherCodes: 0,
    });
    expect(JSON.stringify(seen)).not.toMatch(/Ada|Quill|Main St|Dr\. Who|\d{4}-\d{2}-\d{2}/);
    expect(provider.suggest).toHaveBeenCalledWith('symptomMonitoring', expect.anything(), 'gpt-4o', undefined);
    expect(answer.usage).toEqual({
      input_tokens: 100,
      output_tokens: 20,
      total_tokens: 120,
      output_text: '[{"title":"t","details":"d"}]',
      model: 'gpt-4o',
      cost: 100 * 0.000005 + 20 * 0.000015,
    });
    expect(limiter.consume).toHaveBeenCalledWith(AI_RATE_LIMITS.externalCallsPerUser, 'u1');
    expect(repository.insertUsage).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'u1', endpoint: 'aiDashboardItem', provider: 'openai', inputTokens: 100 }),
    );
  });

  it('logs a failure with its OPENAI_* type, no usage row, and answers AI.PROVIDER_FAILED', async () => {
    provider.tips.mockRejectedValue(
      new AiProviderFailure('The AI server answered 503', 'error', { endpoint: '/v1/chat/completions', status: 503 }),
    );
    errors.record.mockResolvedValue('e1');
    const error = await service.medicalTips('u1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: AiErrorCode.ProviderFailed, status: 502, message: AiTexts.failed });
    expect(errors.record).toHaveBeenCalledWith(
      expect.objectContaining({
        errorType: 'OPENAI_FETCH_ERROR',
        userId: 'u1',
        insurerName: 'ai',
        errorDetails: expect.objectContaining({ status: 503 }),
      }),
    );
    expect(repository.insertUsage).not.toHaveBeenCalled();
  });

  it('never sends an unknown code, and answers a cached definition without the provider', async () => {
    repository.findDefinition.mockResolvedValue(null);
    repository.saveDefinition.mockResolvedValue(undefined);
    const unknown = await service.defineMedCode('u1', { code: 'Q99.999', codeType: 'diagnosis code' });
    expect(unknown).toMatchObject({ known: false, output: AiTexts.unknownCode('Q99.999') });
    expect(repository.saveDefinition).not.toHaveBeenCalled();
    provider.define.mockResolvedValue({
      value: { term: 'Diabetes', explanation: 'A sugar disease.' },
      usage: { inputTokens: 5, outputTokens: 5 },
      sourceKeys: ['gpt-4o'],
    });
    const first = await service.defineMedCode('u1', { code: 'E11.9', codeType: 'diagnosis code' });
    const again = await service.defineMedCode('u1', { code: 'e119', codeType: 'diagnosis code' });
    expect(again).toBe(first);
    expect(provider.define).toHaveBeenCalledTimes(1);
    expect(provider.define).toHaveBeenCalledWith(
      { code: 'E11.9', codeType: 'diagnosis code', officialName: 'Type 2 diabetes mellitus without complications', language: 'en' },
      'gpt-4o',
    );
    expect(repository.saveDefinition).toHaveBeenCalledWith(
      { codeType: 'diagnosis code', code: 'E119', language: 'en', provider: 'openai', model: 'gpt-4o' },
      expect.objectContaining({ output: 'Diabetes: A sugar disease.', known: true }),
    );
  });

  it('sends a claim code only when it is of a code shape and known; insurer text goes as a count', async () => {
    memberCodes.memberCodes.mockResolvedValue({
      diagnoses: [
        { code: 'E11.9', display: null, lastSeen: '2025-03-04', count: 1 },
        { code: 'Q99.999', display: null, lastSeen: '2025-03-04', count: 1 },
      ],
      procedures: [
        { code: 'G0439', display: null, lastSeen: '2024-11-19', count: 1 },
        { code: 'Jane Doe note', display: null, lastSeen: '2024-11-19', count: 1 },
      ],
      drugs: [{ code: 'Jane Doe rx', display: null, lastSeen: '2024-11-19', count: 1 }],
    });
    let seen: MemberFacts | undefined;
    provider.tips.mockImplementation(async (facts) => {
      seen = facts;
      return { value: { intro: 'i', tips: [] }, usage: { inputTokens: 1, outputTokens: 1 }, sourceKeys: ['gpt-4o'] };
    });
    await service.medicalTips('u1');
    expect(seen).toMatchObject({
      diagnoses: [{ code: 'E11.9' }],
      procedures: [{ code: 'G0439' }],
      drugs: [],
      otherCodes: 3,
    });
    const prompt = describeFacts(seen!);
    expect(prompt).toContain('3 other codes not in the reference data.');
    expect(prompt).not.toMatch(/Jane|Doe|Q99/);
  });

  it('sends an age over 89 as "90 or older" (a 1930 birthdate)', async () => {
    patientInfo.listForUser.mockResolvedValue([{ userId: 'u1', source: 'uhc', birthdate: '1930-02-11', gender: 'male' } as never]);
    let seen: MemberFacts | undefined;
    provider.tips.mockImplementation(async (facts) => {
      seen = facts;
      return { value: { intro: 'i', tips: [] }, usage: { inputTokens: 1, outputTokens: 1 }, sourceKeys: ['gpt-4o'] };
    });
    await service.medicalTips('u1');
    expect(seen?.ageYears).toBe(90);
    expect(describeFacts(seen!)).toMatch(/^Patient: 90 or older, male\./);
  });

  it('refuses staff-typed text for an external provider unless AI_STAFF_FREE_TEXT=allow', async () => {
    roles.roleOf.mockResolvedValue('staff');
    const refused = [
      await service.createChat('u1', { messages: [{ role: 'user', content: 'Jane Doe has E11.9' }] }).catch((e: unknown) => e),
      await service.createWithInstruction('u1', { instructions: 'Explain for Jane Doe', input: 'E11.9' }).catch((e: unknown) => e),
      await service
        .dashboardItem('u1', { itemKey: 'symptomMonitoring', input: 'E11.9', instructions: 'For Jane Doe' })
        .catch((e: unknown) => e),
    ];
    expect(refused).toEqual([
      expect.objectContaining({
        code: AiErrorCode.StaffTextNotSent,
        status: 400,
        fieldErrors: [expect.objectContaining({ field: 'messages' })],
      }),
      expect.objectContaining({
        code: AiErrorCode.StaffTextNotSent,
        status: 400,
        fieldErrors: [expect.objectContaining({ field: 'instructions' })],
      }),
      expect.objectContaining({
        code: AiErrorCode.StaffTextNotSent,
        status: 400,
        fieldErrors: [expect.objectContaining({ field: 'instructions' })],
      }),
    ]);
    expect(String((refused[0] as Error).message)).toMatch(/AI_STAFF_FREE_TEXT=allow/);
    expect(limiter.consume).not.toHaveBeenCalled();

    // The tester's input alone: only the facts read from it (known codes, age, sex) are sent.
    let seen: MemberFacts | undefined;
    provider.suggest.mockImplementation(async (_item, facts) => {
      seen = facts;
      return { value: [], usage: { inputTokens: 1, outputTokens: 1 }, sourceKeys: ['gpt-4o'] };
    });
    await service.dashboardItem('u1', { itemKey: 'symptomMonitoring', input: 'Jane Doe, 95 years old, female, E11.9 and G9999 on 03/14' });
    expect(seen).toEqual({
      ageYears: 90,
      sex: 'female',
      diagnoses: [{ code: 'E11.9', officialName: 'Type 2 diabetes mellitus without complications' }],
      procedures: [],
      drugs: [],
      otherCodes: 1,
    });
    expect(provider.suggest).toHaveBeenCalledWith('symptomMonitoring', expect.anything(), 'gpt-4o', undefined);
  });

  it('with AI_STAFF_FREE_TEXT=allow sends staff text scrubbed of dates (a month and day too) and ids', async () => {
    const allowing = new AiService(
      provider,
      new OfflineAiProvider(reference, repository),
      repository,
      memberCodes,
      patientInfo,
      roles,
      limiter,
      errors,
      configWith('allow'),
    );
    provider.complete.mockResolvedValue({ value: 'ok', usage: { inputTokens: 1, outputTokens: 1 }, sourceKeys: ['gpt-4o'] });
    await allowing.createChat('u1', { messages: [{ role: 'user', content: 'E11.9 seen March 14 and 03/15, member id: XJH123456789' }] });
    expect(provider.complete).toHaveBeenCalledWith(
      expect.objectContaining({ messages: [{ role: 'user', content: 'E11.9 seen [removed] and [removed], [removed]' }] }),
    );
  });
});
