import type {
  DrugFormularySearchRequest,
  GenerateLeadRequest,
  PlanAlertsSettings,
  PlanBenefitsRequest,
  PlanContactRequest,
  ProviderSearchRequest,
} from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// Shapes only: every rule and its message is the contract's (libs/contracts/src/plans.ts), applied by the service, so
// that any bad field (a wrong type included) is a PLANS.VALIDATION 400 naming the field.

export class PlanContactRequestDto implements Partial<PlanContactRequest> {
  @ApiPropertyOptional({ description: 'The insurer patient id, when the page knows it' }) @Allow() patientId?: string;
  @ApiProperty({ enum: ['male', 'female'] }) @Allow() gender?: 'male' | 'female';
  @ApiProperty({ example: '2001-01-01', description: 'YYYY-MM-DD, built from day, month, year' }) @Allow() birthDate?: string;
  @ApiProperty({ example: '12 Main St', maxLength: 100 }) @Allow() streetAddress?: string;
  @ApiProperty({ example: 'Springfield', maxLength: 100 }) @Allow() city?: string;
  @ApiProperty({ example: 'IL', description: 'Two-letter code of one of the 50 states' }) @Allow() state?: string;
  @ApiProperty({ example: '62701' }) @Allow() postalCode?: string;
  // The spec's web adds the session's user id and e-mail to the body; the server takes both from the session alone.
  @ApiPropertyOptional({ description: 'Ignored: the session says who you are' }) @Allow() userId?: unknown;
  @ApiPropertyOptional({ description: 'Ignored: the session says who you are' }) @Allow() email?: unknown;
}

export class PlanBenefitsRequestDto implements Partial<PlanBenefitsRequest> {
  @ApiProperty({ example: 'H0104' }) @Allow() hNumber?: string;
  @ApiProperty({ example: '012_0', description: 'plan and segment: 012_0, 012-0 or 012 (segment 0)' }) @Allow() planIdentifier?: string;
}

export class ProviderSearchRequestDto implements Partial<ProviderSearchRequest> {
  @ApiProperty({ example: 'Blue Cross and Blue Shield of Alabama' }) @Allow() carrier?: string;
  @ApiProperty({ example: 'Smith', maxLength: 100 }) @Allow() providerName?: string;
  @ApiPropertyOptional({ example: 'H0104_012_0' }) @Allow() bidId?: string;
}

export class DrugFormularySearchRequestDto implements Partial<DrugFormularySearchRequest> {
  @ApiProperty({ example: 'Blue Cross and Blue Shield of Alabama' }) @Allow() carrier?: string;
  @ApiProperty({ example: 'atorvastatin', maxLength: 100 }) @Allow() drugName?: string;
  @ApiPropertyOptional({ example: 'H0104_012_0' }) @Allow() bidId?: string;
}

export class GenerateLeadRequestDto implements Partial<GenerateLeadRequest> {
  @ApiProperty({ example: '(206) 555-0142', description: '10 digits; dashes, dots, spaces and brackets are ignored' })
  @Allow()
  phoneNumber?: string;

  @ApiPropertyOptional({ example: 'H0104_012_0', description: 'The plan the member wants to switch to' }) @Allow() bidId?: string;
}

export class PlanAlertsRequestDto implements Partial<PlanAlertsSettings> {
  @ApiProperty({ example: true }) @Allow() optedIn?: boolean;
}
