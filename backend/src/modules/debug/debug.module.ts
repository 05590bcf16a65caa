import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErrorRecorder } from '../../common/errors';
import { AuthModule } from '../auth';
import { ErrorLogEntity } from './entities/error-log.entity';
import { ErrorLogRepository } from './error-log.repository';
import { ErrorLogService } from './error-log.service';
import { ErrorsLogController } from './errors-log.controller';
import { StaffQueryEntity } from './query/entities/staff-query.entity';
import { ErrorsQueryController } from './query/errors-query.controller';
import { QueryRoleRepository } from './query/query-role.repository';
import { QueryToolService } from './query/query-tool.service';
import { StaffQueriesRepository } from './query/staff-queries.repository';
import { StaffQueryRunner } from './query/staff-query.runner';

/** Global only for the ErrorRecorder port, so lower modules can log errors without importing debug. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ErrorLogEntity, StaffQueryEntity]), AuthModule],
  controllers: [ErrorsLogController, ErrorsQueryController],
  providers: [
    ErrorLogRepository,
    ErrorLogService,
    { provide: ErrorRecorder, useExisting: ErrorLogService },
    StaffQueriesRepository,
    QueryRoleRepository,
    StaffQueryRunner,
    QueryToolService,
  ],
  exports: [ErrorRecorder],
})
export class DebugModule {}
