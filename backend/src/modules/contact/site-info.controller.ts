import type { SiteInfo } from '@healthlink/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../../config';
import { Public } from '../auth';

/** The product's name and contact points, from configuration, for the pages that show them. */
@ApiTags('contact')
@Controller()
export class SiteInfoController {
  constructor(private readonly config: ConfigService<AppConfig, true>) {}

  @Public()
  @Get('siteInfo')
  @Header('cache-control', 'public, max-age=300')
  @ApiOkResponse({ description: 'productName, supportEmail, supportPhone, brokerPhone, blogUrl, linkedInUrl, socialLinks' })
  get(): SiteInfo {
    const site: AppConfig['site'] = this.config.get('site', { infer: true });
    return { ...site, productName: this.config.get('productName', { infer: true }) };
  }
}
