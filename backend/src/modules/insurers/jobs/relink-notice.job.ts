import { Injectable, OnModuleInit } from '@nestjs/common';
import { Mailer } from '../../../common/mail';
import { JobRegistry } from '../../../jobs';
import { InsurerResyncService, RELINK_NOTICE_QUEUE, type RelinkNoticePayload } from '../insurer-resync.service';

/** pg-boss queue `insurer-relink-notice`: the one e-mail asking a member to link an insurer again. */
@Injectable()
export class RelinkNoticeJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly resync: InsurerResyncService,
    private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    this.registry.register<RelinkNoticePayload>({
      queue: RELINK_NOTICE_QUEUE,
      handle: (job) => this.resync.sendRelinkNotice(job.data),
      onFailed: (_job, error) => this.mailer.recordFinalFailure('insurer-relink-notice', error),
    });
  }
}
