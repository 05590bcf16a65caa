import type {
  LoginRequest,
  SettingsPasswordUpdateRequest,
  SignupRequest,
  UpdateUserPasswordRequest,
  VerifyEmailRequest,
  VerifyRandomStringRequest,
} from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// The shapes only: the spec's rules and their exact messages are applied by the services (libs/contracts),
// so a missing field reads "Please fill all fields" rather than a validator's wording.
const MAX = 1000;

export class SignupRequestDto implements Partial<SignupRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) firstName?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) lastName?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) email?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) password?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) confirmPassword?: string;
}

export class LoginRequestDto implements Partial<LoginRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) email?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) password?: string;
}

export class VerifyEmailRequestDto implements Partial<VerifyEmailRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) email?: string;
}

export class VerifyRandomStringRequestDto implements Partial<VerifyRandomStringRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) email?: string;
  @ApiProperty({ description: 'The e-mailed code; trimmed and upper-cased' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX)
  randomString?: string;
}

export class UpdateUserPasswordRequestDto implements Partial<UpdateUserPasswordRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) password?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX) confirmPassword?: string;
  @ApiPropertyOptional({ description: 'Ignored: the temp token names the user' }) @IsOptional() @IsString() @MaxLength(MAX) email?: string;
}

export class SettingsPasswordUpdateRequestDto implements Partial<SettingsPasswordUpdateRequest> {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) curPassword?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(MAX) newPassword?: string;
}
