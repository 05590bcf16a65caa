import { ANALYTICS_FIELD_MAX_LENGTH, type AnalyticsEventRequest } from '@healthlink/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class AnalyticsEventRequestDto implements AnalyticsEventRequest {
  @ApiProperty({ example: 'navigation' })
  @IsString()
  @IsNotEmpty({ message: 'category is required' })
  @MaxLength(ANALYTICS_FIELD_MAX_LENGTH)
  category!: string;

  @ApiProperty({ example: 'page_view' })
  @IsString()
  @IsNotEmpty({ message: 'action is required' })
  @MaxLength(ANALYTICS_FIELD_MAX_LENGTH)
  action!: string;

  @ApiProperty({ example: '/about' })
  @IsString()
  @Matches(/^\//, { message: 'path must start with /' })
  @MaxLength(300)
  path!: string;
}
