export { InsurersModule } from './insurers.module';
