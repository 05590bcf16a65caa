import type { LogErrorResponse } from '@healthlink/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class LogErrorResponseDto implements LogErrorResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}
