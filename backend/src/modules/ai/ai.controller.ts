import {
  type AiDashboardItemResponse,
  type ChatCompletionResponse,
  type DefineMedCodeResponse,
  type MedicalDataResponse,
  type MedicalTipsResponse,
} from '@healthlink/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, StaffOnly, type AuthenticatedUser } from '../auth';
import { AiService } from './ai.service';
import {
  AiDashboardItemRequestDto,
  ChatCompletionRequestDto,
  ChatCompletionWithInstructionRequestDto,
  DefineMedCodeRequestDto,
} from './dto/ai.request.dto';

const VALIDATION = 'AI.VALIDATION: the field and the reason in `errors`';
const FAILED = 'AI.PROVIDER_FAILED: "Failed to fetch response from OpenAI." (the failure is in the error log with its OPENAI_* type)';
const STAFF = 'AUTH.STAFF_ONLY: "This page is for staff only." (the account is not staff)';
const SESSION = 'AUTH.UNAUTHORIZED: no valid session';

/** `{aiProvider}` = `ai` (part 2 §7). Never read-cached: each answer may call the provider and writes a usage row. */
@ApiTags('ai')
@ApiBearerAuth()
@Controller()
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Post('ai/createChatCompletionWithInstruction')
  @StaffOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ output, usage: { input_tokens, output_tokens, total_tokens, output_text, model, cost }, sources }' })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: SESSION })
  @ApiForbiddenResponse({ description: STAFF })
  @ApiBadGatewayResponse({ description: FAILED })
  withInstruction(
    @Body() body: ChatCompletionWithInstructionRequestDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ChatCompletionResponse> {
    return this.ai.createWithInstruction(user.userId, body);
  }

  @Post('ai/createChatCompletion')
  @StaffOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ output, usage, sources }' })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: SESSION })
  @ApiForbiddenResponse({ description: STAFF })
  @ApiBadGatewayResponse({ description: FAILED })
  chat(@Body() body: ChatCompletionRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<ChatCompletionResponse> {
    return this.ai.createChat(user.userId, body);
  }

  @Post('ai/aiDashboardItem')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description:
      "{ output: [{ title, details }], sources, usage }, from the caller's own claims; an empty list when a required data list is empty. " +
      "A staff caller may give its own input and instructions (the prompt tester); a patient's are not used.",
  })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: SESSION })
  @ApiBadGatewayResponse({ description: FAILED })
  dashboardItem(@Body() body: AiDashboardItemRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<AiDashboardItemResponse> {
    return this.ai.dashboardItem(user.userId, body);
  }

  @Post('ai/defineMedCode')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ output, term, explanation, officialName, known, source }: at most 5 words, then at most 2 sentences' })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: SESSION })
  @ApiBadGatewayResponse({ description: FAILED })
  defineMedCode(@Body() body: DefineMedCodeRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<DefineMedCodeResponse> {
    return this.ai.defineMedCode(user.userId, body);
  }

  @Get('ai/medicalData')
  @ApiOkResponse({
    description:
      "{ diagnosisCodes, procedureCodes, drugList }: the caller's own codes, newest first; with ?definitions=true each with its " +
      'definition (as defineMedCode answers it; null where the provider failed)',
  })
  @ApiQuery({ name: 'definitions', required: false, enum: ['true', 'false'] })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: SESSION })
  medicalData(@CurrentUser() user: AuthenticatedUser, @Query('definitions') definitions: unknown): Promise<MedicalDataResponse> {
    return this.ai.medicalData(user.userId, definitions);
  }

  @Post('medicalTips/getMedicalTipsFromEOB')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: "{ normalizedResponse: { intro, tips: [{ title, description }], outro }, sources }, from the caller's own claims",
  })
  @ApiUnauthorizedResponse({ description: SESSION })
  @ApiBadGatewayResponse({ description: FAILED })
  medicalTips(@CurrentUser() user: AuthenticatedUser): Promise<MedicalTipsResponse> {
    return this.ai.medicalTips(user.userId);
  }
}
