export { ErasureModule } from './erasure.module';
export { UserDataErasure } from './user-data-erasure';
export type { ErasureSubject, UserDataEraser } from './user-data-erasure';
