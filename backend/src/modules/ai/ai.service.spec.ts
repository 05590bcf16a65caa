import { AiErrorCode, AiTexts } from '@healthlink/contracts';
import type { ConfigService } from '@nestjs/config';
import { strictMock } from '../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { PatientInfoRepository } from '../accounts';
import type { RateLimiter, StaffRolesService } from '../auth';
import type { AiRepository } from './ai.repository';
import { AI_RATE_LIMITS, AiService } from './ai.service';
import type { MemberFacts } from './member-facts';
import { AiProvider, AiProviderFailure } from './providers/ai-provider';
import { OfflineAiProvider } from './providers/offline.provider';
import { AiReferenceData } from './reference/ai-reference-data';

const reference = new AiReferenceData();
const config = {
  get: () => ({ provider: 'openai', baseUrl: 'http://ai.test/v1', apiKey: 'k', model: 'gpt-4o', timeoutMs: 1000 }),
} as unknown as ConfigService<AppConfig, true>;

describe('AiService (an external provider, strict mocks)', () => {
  let provider: jest.Mocked<AiProvider>;
  let repository: jest.Mocked<AiRepository>;
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
    patientInfo = strictMock<PatientInfoRepository>();
    roles = strictMock<StaffRolesService>();
    limiter = strictMock<RateLimiter>();
    errors = strictMock<ErrorRecorder>();
    const offline = new OfflineAiProvider(reference, repository);
    service = new AiService(provider, offline, repository, patientInfo, roles, limiter, errors, config);
    limiter.consume.mockResolvedValue(undefined);
    repository.insertUsage.mockResolvedValue(undefined);
    repository.memberCodes.mockResolvedValue({
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
});
