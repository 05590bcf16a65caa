import type { QueryCell, RunQueryResponse } from '@healthlink/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class RunQueryResponseDto implements RunQueryResponse {
  @ApiProperty({ type: [String], description: 'Column names in the order of the SELECT (a repeated name numbered: id, id_2).' })
  columns!: string[];

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Cells: numbers, booleans, JSON documents; bigint, numeric, dates and everything else as PostgreSQL prints it.',
  })
  rows!: Record<string, QueryCell>[];

  @ApiProperty()
  rowCount!: number;

  @ApiProperty({ description: 'The answer was cut: more than 10,000 rows matched, or the rows passed 20 MB.' })
  truncated!: boolean;

  @ApiProperty({ description: 'Milliseconds the database took.' })
  durationMs!: number;
}
