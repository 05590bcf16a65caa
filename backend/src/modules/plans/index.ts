export { PlansModule } from './plans.module';
