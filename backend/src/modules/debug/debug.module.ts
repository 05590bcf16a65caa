import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErrorRecorder } from '../../common/errors';
import { AuthModule } from '../auth';
import { ErrorLogEntity } from './entities/error-log.entity';
import { ErrorLogRepository } from './error-log.repository';
import { ErrorLogService } from './error-log.service';
import { ErrorsLogController } from './errors-log.controller';

/** Global only for the ErrorRecorder port, so lower modules can log errors without importing debug. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ErrorLogEntity]), AuthModule],
  controllers: [ErrorsLogController],
  providers: [ErrorLogRepository, ErrorLogService, { provide: ErrorRecorder, useExisting: ErrorLogService }],
  exports: [ErrorRecorder],
})
export class DebugModule {}
