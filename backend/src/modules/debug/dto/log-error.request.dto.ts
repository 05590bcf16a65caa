import type { LogErrorRequest } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';

/** Largest errorDetails kept, as JSON (UTF-8 bytes): enough for a message, a status and a stack. */
export const ERROR_DETAILS_MAX_BYTES = 8 * 1024;
const USER_ID_MAX_BYTES = 64;

/** Any JSON value, refused (400 naming the field) when its JSON text is larger than `maxBytes`. */
function MaxJsonBytes(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxJsonBytes',
      validator: {
        validate: (value: unknown) => value === undefined || Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') <= maxBytes,
        defaultMessage: (args) => `${args?.property} must be at most ${maxBytes} bytes as JSON`,
      },
    },
    options,
  );
}

export class LogErrorRequestDto implements LogErrorRequest {
  @ApiPropertyOptional({ description: 'Ignored: the user comes from the session, never from the body.' })
  @MaxJsonBytes(USER_ID_MAX_BYTES)
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

  @ApiPropertyOptional({ description: `Any JSON value of at most ${ERROR_DETAILS_MAX_BYTES} bytes as JSON; a larger one is a 400.` })
  @MaxJsonBytes(ERROR_DETAILS_MAX_BYTES)
  @Allow()
  errorDetails?: unknown;
}
