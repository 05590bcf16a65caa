import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { PingController } from './ping.controller';

/** Liveness for the web (pingServer) and readiness for ops (health). */
@Module({
  imports: [TerminusModule],
  controllers: [PingController, HealthController],
})
export class SystemModule {}
