import { Controller, Get, UseGuards, type CanActivate } from '@nestjs/common';
import { OptionalAuth, Public } from '../auth';
import { HealthDataController } from './health-data.controller';
import { assertCacheableRoute } from './user-data-read-cache.interceptor';

class AllowAll implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@Controller()
class Routes {
  @Get('a')
  plain(): void {}

  @Public()
  @Get('b')
  open(): void {}

  @OptionalAuth()
  @Get('c')
  optional(): void {}

  @UseGuards(AllowAll)
  @Get('d')
  guarded(): void {}
}

@Public()
@Controller()
class PublicRoutes {
  @Get('e')
  any(): void {}
}

describe('assertCacheableRoute', () => {
  it('lets a route the global guard alone decides be cached', () => {
    expect(() => assertCacheableRoute(Routes.prototype.plain, Routes)).not.toThrow();
    expect(() => assertCacheableRoute(HealthDataController.prototype.explanationOfBenefits, HealthDataController)).not.toThrow();
  });

  it.each([
    ['public', Routes.prototype.open, Routes],
    ['optional-auth', Routes.prototype.optional, Routes],
    ['own guard', Routes.prototype.guarded, Routes],
    ['public controller', PublicRoutes.prototype.any, PublicRoutes],
  ])('refuses a %s route', (_what, handler, controller) => {
    expect(() => assertCacheableRoute(handler, controller)).toThrow(/read-cache fast path/);
  });
});
