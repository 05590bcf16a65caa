import { Module } from '@nestjs/common';
import { UserReadCache, type UserReadCacheOptions } from '../../common/http/read-cache';
import { UserDataChangesListener } from './user-data-changes.listener';
import { UserDataReadCacheInterceptor } from './user-data-read-cache.interceptor';

export const USER_READ_CACHE_OPTIONS: UserReadCacheOptions = {
  maxEntries: 5_000,
  maxChars: 32 * 1024 * 1024,
  ttlMs: 60_000,
  suspendMs: 2_000,
};

/** One read cache per process, its listener, and the interceptor that the members' own GET reads use. */
@Module({
  providers: [
    { provide: UserReadCache, useFactory: () => new UserReadCache(USER_READ_CACHE_OPTIONS) },
    UserDataChangesListener,
    UserDataReadCacheInterceptor,
  ],
  exports: [UserReadCache, UserDataReadCacheInterceptor, UserDataChangesListener],
})
export class UserDataCacheModule {}
