import {
  AI_DASHBOARD_ITEMS,
  AI_MODELS,
  MED_CODE_TYPES,
  type AiDashboardItemRequest,
  type ChatCompletionRequest,
  type ChatCompletionWithInstructionRequest,
  type DefineMedCodeRequest,
} from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// Shapes only: every rule and its message is applied by the service (ai-validation.ts), so that any bad field (a
// wrong type included) is an AI.VALIDATION 400 naming the field.

export class ChatCompletionWithInstructionRequestDto implements Partial<ChatCompletionWithInstructionRequest> {
  @ApiProperty({ example: 'Explain these codes in plain words.', maxLength: 20000 }) @Allow() instructions?: string;
  @ApiProperty({ example: 'E11.9, I10', maxLength: 20000, description: 'Dates become years and ids are removed before it leaves' })
  @Allow()
  input?: string;
  @ApiPropertyOptional({ enum: AI_MODELS, default: 'gpt-4o' }) @Allow() model?: ChatCompletionWithInstructionRequest['model'];
}

export class ChatCompletionRequestDto implements Partial<ChatCompletionRequest> {
  @ApiProperty({ description: '1 to 50 messages { role: system|user|assistant, content }' })
  @Allow()
  messages?: ChatCompletionRequest['messages'];
  @ApiPropertyOptional({ enum: AI_MODELS, default: 'gpt-4o' }) @Allow() model?: ChatCompletionRequest['model'];
  @ApiPropertyOptional({ minimum: 0, maximum: 2 }) @Allow() temperature?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 4096 }) @Allow() max_tokens?: number;
}

export class AiDashboardItemRequestDto implements Partial<AiDashboardItemRequest> {
  @ApiProperty({ enum: AI_DASHBOARD_ITEMS }) @Allow() itemKey?: AiDashboardItemRequest['itemKey'];
  @ApiPropertyOptional({ description: "Staff only (the prompt tester); a patient's card is built from their own claims" })
  @Allow()
  input?: string;
  @ApiPropertyOptional({ description: 'Staff only (the prompt tester)' }) @Allow() instructions?: string;
  @ApiPropertyOptional({ type: [String], enum: ['drugList', 'diagnosisCodes', 'procedureCodes'] })
  @Allow()
  requiredFields?: AiDashboardItemRequest['requiredFields'];
  @ApiPropertyOptional({ enum: AI_MODELS, default: 'gpt-4o' }) @Allow() model?: AiDashboardItemRequest['model'];
}

export class DefineMedCodeRequestDto implements Partial<DefineMedCodeRequest> {
  @ApiProperty({ example: 'E11.9' }) @Allow() code?: string;
  @ApiProperty({ enum: MED_CODE_TYPES }) @Allow() codeType?: DefineMedCodeRequest['codeType'];
  @ApiPropertyOptional({ example: 'en', description: 'BCP 47; only en with the offline provider' }) @Allow() language?: string;
  @ApiPropertyOptional({ enum: AI_MODELS, default: 'gpt-4o' }) @Allow() model?: DefineMedCodeRequest['model'];
  // The spec's web sends its definition instruction; the server builds its own (at most 5 words + 2 sentences).
  @ApiPropertyOptional({ description: 'Ignored: the server holds the instruction' }) @Allow() instruction?: unknown;
}
