import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { CONTACT_COPY_QUEUE, ContactService } from '../contact.service';

/** pg-boss queue `contact-copy-mail`: mails support a copy of a stored contact message. */
@Injectable()
export class ContactCopyJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly contact: ContactService,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ id: string }>({
      queue: CONTACT_COPY_QUEUE,
      handle: (job) => this.contact.sendCopy(job.data.id),
      onFailed: (_job, error) => this.contact.recordCopyFailure(error),
    });
  }
}
