import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';
import { ContactMessageEntity } from './entities/contact-message.entity';
import { ContactCopyJob } from './jobs/contact-copy.job';
import { SiteInfoController } from './site-info.controller';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), AuthModule],
  controllers: [ContactController, SiteInfoController],
  providers: [ContactService, ContactRepository, ContactCopyJob],
})
export class ContactModule {}
