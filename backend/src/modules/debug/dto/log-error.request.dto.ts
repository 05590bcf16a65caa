import type { LogErrorRequest } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LogErrorRequestDto implements LogErrorRequest {
  @ApiPropertyOptional({ description: 'Ignored: the user comes from the bearer token, never from the body.' })
  @Allow()
  userId?: string | null;

  @ApiPropertyOptional({ maxLength: 200 })
  @MaxLength(200)
  @IsString()
  @IsOptional()
  insurerName?: string | null;

  @ApiPropertyOptional({ maxLength: 255 })
  @MaxLength(255)
  @IsString()
  @IsOptional()
  host?: string | null;

  @ApiProperty({ maxLength: 200 })
  @MaxLength(200)
  @IsString()
  @IsNotEmpty()
  errorType!: string;

  @ApiPropertyOptional({ description: 'Any JSON value, up to the request body limit.' })
  @Allow()
  errorDetails?: unknown;
}
