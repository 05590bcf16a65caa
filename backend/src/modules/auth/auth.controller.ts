import { Body, Controller, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { AuthService } from './auth.service';
import type { AuthenticatedUser } from './authenticated-user';
import { CurrentUser } from './current-user.decorator';
import {
  LoginRequestDto,
  SettingsPasswordUpdateRequestDto,
  SignupRequestDto,
  UpdateUserPasswordRequestDto,
  VerifyEmailRequestDto,
  VerifyRandomStringRequestDto,
} from './dto/auth.request.dto';
import { LoginResponseDto, MessageResponseDto, SignupResponseDto, VerifyRandomStringResponseDto } from './dto/auth.response.dto';
import { PasswordRecoveryService } from './password-recovery.service';
import { Public } from './public.decorator';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly recovery: PasswordRecoveryService,
  ) {}

  @Public()
  @Post('signup')
  @ApiCreatedResponse({ type: SignupResponseDto })
  signup(@Body() body: SignupRequestDto, @Client() client: RequestClient): Promise<SignupResponseDto> {
    return this.auth.signup(body, client);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: LoginResponseDto })
  login(@Body() body: LoginRequestDto, @Client() client: RequestClient): Promise<LoginResponseDto> {
    return this.auth.login(body, client);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOkResponse({ type: MessageResponseDto })
  logout(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponseDto> {
    return this.auth.logout(user);
  }

  @Public()
  @Post('verifyEmailandGenStr')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto, description: 'Operation Complete, for known and unknown e-mails alike' })
  verifyEmailAndGenerateCode(@Body() body: VerifyEmailRequestDto, @Client() client: RequestClient): Promise<MessageResponseDto> {
    return this.recovery.requestCode(body.email, client.ip);
  }

  @Public()
  @Post('verifyRandomString')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: VerifyRandomStringResponseDto })
  verifyRandomString(@Body() body: VerifyRandomStringRequestDto, @Client() client: RequestClient): Promise<VerifyRandomStringResponseDto> {
    return this.recovery.verifyCode(body.email, body.randomString, client.ip);
  }

  /** Public to the session guard: the bearer here is the recovery temp token, checked by the service. */
  @Public()
  @Put('updateUserPassword')
  @ApiBearerAuth()
  @ApiOkResponse({ type: MessageResponseDto })
  updateUserPassword(@Body() body: UpdateUserPasswordRequestDto, @Client() client: RequestClient): Promise<MessageResponseDto> {
    return this.recovery.updatePassword(client.bearer, body);
  }

  @Put('settingsPasswordUpdate')
  @ApiBearerAuth()
  @ApiOkResponse({ type: MessageResponseDto })
  settingsPasswordUpdate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SettingsPasswordUpdateRequestDto,
  ): Promise<MessageResponseDto> {
    return this.auth.changePassword(user, body);
  }
}
