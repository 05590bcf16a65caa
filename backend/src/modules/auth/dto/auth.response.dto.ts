import type { LoginResponse, MessageResponse, SignupResponse, VerifyRandomStringResponse } from '@healthlink/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class MessageResponseDto implements MessageResponse {
  @ApiProperty() message!: string;
}

export class SignupResponseDto implements SignupResponse {
  @ApiProperty({ example: 'Signup passed' }) message!: string;
  @ApiProperty() token!: string;
}

export class LoginResponseDto implements LoginResponse {
  @ApiProperty({ example: 'Login passed' }) message!: string;
  @ApiProperty() token!: string;
  @ApiProperty() hasInsurance!: boolean;
}

export class VerifyRandomStringResponseDto implements VerifyRandomStringResponse {
  @ApiProperty({ example: 'Code Matches' }) message!: string;
  @ApiPropertyOptional() tempToken?: string;
}
