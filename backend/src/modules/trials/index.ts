export { TrialsModule } from './trials.module';
