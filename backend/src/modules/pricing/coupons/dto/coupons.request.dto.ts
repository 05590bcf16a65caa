import type { BestPriceRequest, CheckSavingsRequest, EnrollmentRequest } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// Shapes only: every rule and its message is the contract's, applied by the service, so that any bad field (a wrong
// type included) is a PRICING.VALIDATION 400 naming the field.

export class BestPriceRequestDto implements Partial<BestPriceRequest> {
  @ApiProperty({ example: 'Atorvastatin', maxLength: 100 }) @Allow() drugName?: string;
}

export class EnrollmentRequestDto implements Partial<EnrollmentRequest> {
  @ApiProperty({ example: '(206) 555-0142', description: '10 digits; dashes, dots, spaces and brackets are ignored' })
  @Allow()
  userPhoneNumber?: string;

  @ApiPropertyOptional({ description: 'The drug the coupon is for, as the search showed it' }) @Allow() drugName?: string;

  @ApiPropertyOptional({ description: 'Its NDC: 11 digits, or dashed 4-4-2, 5-3-2, 5-4-1 or 5-4-2' }) @Allow() ndc?: string;
}

export class CheckSavingsRequestDto implements Partial<CheckSavingsRequest> {
  @ApiProperty({ type: [String], example: ['59417010210', '21695-0784-60'], description: 'NDCs; dashes removed; at most 50' })
  @Allow()
  ndcList?: string[];

  @ApiProperty({ example: '2065550142' }) @Allow() phoneNumber?: string;
  @ApiProperty({ example: '98501' }) @Allow() zipCode?: string;
  @ApiProperty({ example: '1003000126', description: "The pharmacy's 10-digit NPI" }) @Allow() pharmacyNPI?: string;
}
