import type { MessageResponse, PatientInfoResponse, UpdateProfileResponse, UserResponse } from '@healthlink/contracts';
import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { AccountsService } from './accounts.service';
import { UpdateProfileRequestDto } from './dto/update-profile.request.dto';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get('user')
  @ApiOkResponse({ description: "{ id, email, firstName, lastName, postal_code, role }: role 'patient' or 'staff', read at each request" })
  user(@CurrentUser() user: AuthenticatedUser): Promise<UserResponse> {
    return this.accounts.getUser(user.userId);
  }

  @Get('patientInfo')
  @ApiOkResponse({ description: '{ patientInfoEntry: [...], account: {...} }' })
  patientInfo(@CurrentUser() user: AuthenticatedUser): Promise<PatientInfoResponse> {
    return this.accounts.getPatientInfo(user.userId);
  }

  @Put('updateUserProfile')
  @ApiOkResponse({
    description:
      'Successfully updated profile information. A new email: with currentPassword a code goes to it (pendingEmail); ' +
      'with emailCode it switches.',
  })
  updateProfile(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateProfileRequestDto): Promise<UpdateProfileResponse> {
    return this.accounts.updateProfile(user, body);
  }

  @Delete('users')
  @ApiOkResponse({ description: 'The account and all its data are deleted; every session ends.' })
  deleteAccount(@CurrentUser() user: AuthenticatedUser): Promise<MessageResponse> {
    return this.accounts.deleteAccount(user);
  }
}
