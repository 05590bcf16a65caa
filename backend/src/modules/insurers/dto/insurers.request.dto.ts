import type { CheckTokenRequest, InsuranceAddRequest, TokenCallbackRequest } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

export class TokenCallbackRequestDto implements Partial<TokenCallbackRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(4096) authCode?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(512) state?: string;
  /** Sent by older clients; ignored: the user is the session's. */
  @ApiPropertyOptional({ deprecated: true }) @IsOptional() userID?: unknown;
}

/** Fetch operations take no input; an old client's userID is accepted and ignored. */
export class FetchRequestDto {
  @ApiPropertyOptional({ deprecated: true }) @IsOptional() userID?: unknown;
}

export class CheckTokenRequestDto implements CheckTokenRequest {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(60, { each: true })
  insurers!: string[];
}

export class InsuranceAddRequestDto implements Partial<InsuranceAddRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(100) insurerName?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(100) email?: string;
}
