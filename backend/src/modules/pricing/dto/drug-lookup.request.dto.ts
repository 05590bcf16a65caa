import { DRUG_FORMS, type AddUserDrugRequest, type DrugLookupRequest, type Unchecked } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';

// Shapes only; the rules and their messages are the contract's (parseDrugLookup).
export class DrugLookupRequestDto implements Unchecked<DrugLookupRequest> {
  @ApiProperty({ maxLength: 100, example: 'Atorvastatin' }) @IsOptional() @IsString() @MaxLength(1000) drugName?: string;
  @ApiProperty({ maxLength: 100, example: '20 mg' }) @IsOptional() @IsString() @MaxLength(1000) drugDosage?: string;
  @ApiProperty({ enum: DRUG_FORMS }) @IsOptional() @IsString() @MaxLength(1000) drugForm?: DrugLookupRequest['drugForm'];
  @ApiProperty({ description: 'Amount Paid in dollars, a number not below 0 (text from the form accepted, e.g. "$12.50")', example: 12.5 })
  @Allow()
  patientPaid?: string | number;
  @ApiPropertyOptional({ description: 'the 10 or 11 digit NDC from the label, with or without dashes', example: '0071-0155-23' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  ndc?: string;
}

export class AddUserDrugRequestDto extends DrugLookupRequestDto implements Unchecked<AddUserDrugRequest> {
  @ApiPropertyOptional({ description: 'the RxCUI of the match chosen', example: '617310' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  rxcui?: string;
}
