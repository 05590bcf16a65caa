import type { ContactRequest } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// Shapes only; the rules and their messages are the contract's (contactProblem).
export class ContactRequestDto implements Partial<ContactRequest> {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) name?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(1000) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) phoneNumber?: string;
  @ApiProperty({ maxLength: 250 }) @IsOptional() @IsString() @MaxLength(5000) message?: string;
}
