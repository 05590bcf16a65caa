import {
  LIST_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  type ExplanationOfBenefitsQuery,
  type QueryParams,
  type SpendingGrouping,
  type UserDrugsQuery,
} from '@healthlink/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

// Fastify parses a repeated parameter into an array; every parameter is one text. The rules of each are the
// contract's parse functions, applied by the service.
const ONCE = { message: '$property must be given once' };
const LIMIT = `rows per page, 1 to ${MAX_PAGE_SIZE}; default ${LIST_PAGE_SIZE}`;
const CURSOR = 'the nextCursor of the previous page; none for the first page';

export class ExplanationOfBenefitsQueryDto implements QueryParams<ExplanationOfBenefitsQuery> {
  @ApiPropertyOptional({ description: LIMIT, example: LIST_PAGE_SIZE }) @IsOptional() @IsString(ONCE) limit?: string;
  @ApiPropertyOptional({ description: CURSOR }) @IsOptional() @IsString(ONCE) cursor?: string;
  @ApiPropertyOptional({
    description: `words every matching claim contains, at most ${SEARCH_MAX_LENGTH} characters`,
    example: 'diabetes 2024',
  })
  @IsOptional()
  @IsString(ONCE)
  search?: string;
  @ApiPropertyOptional({ description: 'a claim id: answers the first pages up to the one holding it' })
  @IsOptional()
  @IsString(ONCE)
  serviceID?: string;
}

export class UserDrugsQueryDto implements QueryParams<UserDrugsQuery> {
  @ApiPropertyOptional({ description: LIMIT, example: LIST_PAGE_SIZE }) @IsOptional() @IsString(ONCE) limit?: string;
  @ApiPropertyOptional({ description: CURSOR }) @IsOptional() @IsString(ONCE) cursor?: string;
  @ApiPropertyOptional({ enum: ['newest', 'oldest'], description: 'by date prescribed; default newest' })
  @IsOptional()
  @IsString(ONCE)
  sort?: string;
}

export class SpendingQueryDto implements QueryParams<{ by: SpendingGrouping }> {
  @ApiPropertyOptional({ enum: ['month', 'year'], description: 'default month' }) @IsOptional() @IsString(ONCE) by?: string;
}
