import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { InsurerUptimeCheckEntity } from './entities/insurer-uptime-check.entity';
import { InsurerUptimeJob } from './jobs/insurer-uptime.job';
import { UptimeController } from './uptime.controller';
import { UptimeRepository } from './uptime.repository';
import { UptimeService } from './uptime.service';

@Module({
  imports: [TypeOrmModule.forFeature([InsurerUptimeCheckEntity]), AuthModule],
  controllers: [UptimeController],
  providers: [UptimeRepository, UptimeService, InsurerUptimeJob],
})
export class UptimeModule {}
