import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../../config';
import { AuthModule } from '../../auth';
import { PollingModule } from '../../polling';
import { CouponEnrollmentsRepository } from './coupon-enrollments.repository';
import { CouponServiceClient, HttpCouponServiceClient } from './coupon-service.client';
import { CouponsController } from './coupons.controller';
import { CouponsService } from './coupons.service';
import { CouponEnrollmentEntity } from './entities/coupon-enrollment.entity';
import { BestPriceJob } from './jobs/best-price.job';
import { EnrollmentJob } from './jobs/enrollment.job';
import { StaleEnrollmentsJob } from './jobs/stale-enrollments.job';
import { PhoneVault } from './phone-vault';

/** The coupon service's flows; CouponServiceClient is the port tests replace (overrideProvider). */
@Module({
  imports: [TypeOrmModule.forFeature([CouponEnrollmentEntity]), AuthModule, PollingModule],
  controllers: [CouponsController],
  providers: [
    CouponsService,
    CouponEnrollmentsRepository,
    PhoneVault,
    BestPriceJob,
    EnrollmentJob,
    StaleEnrollmentsJob,
    {
      provide: CouponServiceClient,
      useFactory: (config: ConfigService<AppConfig, true>) => new HttpCouponServiceClient(config),
      inject: [ConfigService],
    },
  ],
})
export class CouponsModule {}
