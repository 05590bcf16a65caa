import { POLLING_STATUSES, PollingEventCreatedResponse, PollingEventResponse, PollingStatus } from '@healthlink/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class PollingEventResponseDto implements PollingEventResponse {
  @ApiProperty({ enum: POLLING_STATUSES })
  status!: PollingStatus;

  @ApiProperty({ description: 'Milliseconds to wait before polling again' })
  pollInterval!: number;

  @ApiProperty({ nullable: true, type: Object })
  response!: unknown;
}

export class PollingEventCreatedResponseDto implements PollingEventCreatedResponse {
  @ApiProperty({ format: 'uuid' })
  pollingEventID!: string;
}
