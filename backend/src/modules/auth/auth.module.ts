import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionEntity } from './entities/session.entity';
import { UserEntity } from './entities/user.entity';
import { PruneRateLimitsJob } from './jobs/prune-rate-limits.job';
import { RecoveryMailJobHandler } from './jobs/recovery-mail.job';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JWT_ALGORITHM, JwtStrategy } from './jwt.strategy';
import { PasswordHasher } from './password-hasher';
import { PasswordRecoveryService } from './password-recovery.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { RateLimiter } from './rate-limiter.service';
import { RateLimitsRepository } from './rate-limits.repository';
import { SessionCache } from './session-cache';
import { SessionEndsListener } from './session-ends.listener';
import { SessionsRepository } from './sessions.repository';
import { StaffRolesRepository } from './staff-roles.repository';
import { StaffRolesService } from './staff-roles.service';
import { SESSION_CACHE_OPTIONS, SessionsService } from './sessions.service';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, SessionEntity, PasswordResetEntity]),
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        secret: config.get('auth', { infer: true }).jwtSecret,
        signOptions: { algorithm: JWT_ALGORITHM },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    JwtStrategy,
    TokenService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    UsersRepository,
    SessionsRepository,
    PasswordResetsRepository,
    RateLimitsRepository,
    PasswordHasher,
    RateLimiter,
    PruneRateLimitsJob,
    RecoveryMailJobHandler,
    { provide: SessionCache, useFactory: () => new SessionCache(SESSION_CACHE_OPTIONS) },
    SessionEndsListener,
    SessionsService,
    { provide: SessionValidator, useExisting: SessionsService },
    AuthService,
    PasswordRecoveryService,
    UsersService,
    StaffRolesRepository,
    StaffRolesService,
  ],
  // StaffRolesService: for @StaffOnly()'s guard, which Nest builds in the module of each staff controller.
  exports: [TokenService, SessionsService, UsersService, StaffRolesService, RateLimiter, PasswordHasher, PasswordRecoveryService],
})
export class AuthModule {}
