// Nothing imports this module but the app module: other modules log through the ErrorRecorder port in common/.
export { DebugModule } from './debug.module';
