import { PASSWORD_MAX_LENGTH, type UpdateProfileRequest } from '@healthlink/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const MAX = 1000;

/** Only the changed fields; the rules (required, e-mail, birthdate) are the contract's, applied by the service. */
export class UpdateProfileRequestDto implements UpdateProfileRequest {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) phone_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) last_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) street_address?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) district?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) postal_code?: string;
  @ApiPropertyOptional({ example: '1950-04-02' }) @IsOptional() @IsString() @MaxLength(MAX) birthdate?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) gender?: string;
  /** Needed with a new `email` (the first call): it is the sign-in e-mail. */
  @ApiPropertyOptional({ description: 'required when email changes' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword?: string;
  /** The code sent to the new `email`: the second call of an e-mail change. */
  @ApiPropertyOptional({ description: 'the code sent to the new email' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX)
  emailCode?: string;
}
