export { AiModule } from './ai.module';
