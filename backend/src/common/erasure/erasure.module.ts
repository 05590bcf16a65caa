import { Global, Module } from '@nestjs/common';
import { UserDataErasure } from './user-data-erasure';

/** Global: every module that keeps records naming a person registers its eraser here. */
@Global()
@Module({ providers: [UserDataErasure], exports: [UserDataErasure] })
export class ErasureModule {}
