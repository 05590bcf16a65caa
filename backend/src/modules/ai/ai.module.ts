import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { AccountsModule } from '../accounts';
import { AuthModule } from '../auth';
import { MemberCodesReader } from '../health-data';
import { AiController } from './ai.controller';
import { AiRepository } from './ai.repository';
import { AiService } from './ai.service';
import { AiProvider } from './providers/ai-provider';
import { OfflineAiProvider } from './providers/offline.provider';
import { OpenAiProvider } from './providers/openai.provider';
import { AiReferenceData } from './reference/ai-reference-data';

@Module({
  imports: [AccountsModule, AuthModule],
  controllers: [AiController],
  providers: [
    AiService,
    AiRepository,
    MemberCodesReader,
    OfflineAiProvider,
    { provide: AiReferenceData, useFactory: () => new AiReferenceData() },
    // AI_PROVIDER picks the adapter once, at boot; the offline one also answers the reference look-ups either way.
    {
      provide: AiProvider,
      inject: [ConfigService, OfflineAiProvider],
      useFactory: (config: ConfigService<AppConfig, true>, offline: OfflineAiProvider): AiProvider =>
        config.get('ai', { infer: true }).provider === 'openai' ? new OpenAiProvider(config) : offline,
    },
  ],
})
export class AiModule {}
