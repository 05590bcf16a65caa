import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../common/mail';
import { AccountsModule } from '../accounts';
import { AuthModule } from '../auth';
import { HealthDataModule, MemberCareReader } from '../health-data';
import { PricingModule } from '../pricing';
import { PollingModule } from '../polling';
import { BrokerCrmClient } from './broker/broker-crm.client';
import { BrokerLeadEntity } from './broker/broker-lead.entity';
import { BrokerLeadsRepository } from './broker/broker-leads.repository';
import { BrokerLeadsService } from './broker/broker-leads.service';
import { BrokerPlanLookup } from './broker/broker-plan-lookup';
import { DeliverBrokerLeadJob } from './broker/jobs/deliver-broker-lead.job';
import { StaleBrokerLeadsJob } from './broker/jobs/stale-broker-leads.job';
import { LeadPhoneVault } from './broker/lead-phone-vault';
import { PlanCatalogueService } from './catalogue/plan-catalogue.service';
import { PlansCatalogueRepository } from './catalogue/plans-catalogue.repository';
import { ProviderDirectory } from './catalogue/provider-directory';
import { PlanAlertsJob } from './jobs/plan-alerts.job';
import { RankPlansJob } from './jobs/rank-plans.job';
import { PlanAlertsService } from './plan-alerts.service';
import { PlanSearchesService } from './plan-searches.service';
import { PlansController } from './plans.controller';
import { MemberHomeReader } from './member-home';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([BrokerLeadEntity]),
    AccountsModule,
    AuthModule,
    PollingModule,
    HealthDataModule,
    PricingModule,
    MailModule,
  ],
  controllers: [PlansController],
  providers: [
    PlansService,
    PlansRepository,
    MemberHomeReader,
    PlanSearchesService,
    PlanAlertsService,
    PlanCatalogueService,
    PlansCatalogueRepository,
    ProviderDirectory,
    BrokerLeadsService,
    BrokerLeadsRepository,
    BrokerCrmClient,
    LeadPhoneVault,
    // The broker reads a plan's name and carrier from the catalogue, nothing else of it.
    {
      provide: BrokerPlanLookup,
      useFactory: (catalogue: PlanCatalogueService): BrokerPlanLookup => ({
        planOf: async (bidId) => {
          const plan = await catalogue.plan(bidId);
          return plan ? { bidId: plan.bidId, name: plan.name, carrier: plan.carrier } : null;
        },
      }),
      inject: [PlanCatalogueService],
    },
    RankPlansJob,
    PlanAlertsJob,
    DeliverBrokerLeadJob,
    StaleBrokerLeadsJob,
    // health-data's reader of the member's claims (a read-only query; the rows stay health-data's).
    MemberCareReader,
  ],
})
export class PlansModule {}
