import { QUERY_MAX_LENGTH, type RunQueryRequest } from '@healthlink/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class RunQueryRequestDto implements RunQueryRequest {
  @ApiProperty({ maxLength: QUERY_MAX_LENGTH, description: 'One SELECT over errors, ndc_products or ndc_packages.' })
  @MaxLength(QUERY_MAX_LENGTH, { message: `query must be at most ${QUERY_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'query must not be empty' })
  @IsString({ message: 'query must be the SQL text' })
  query!: string;
}
