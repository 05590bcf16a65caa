export { AppError } from './app-error';
export { AllExceptionsFilter } from './all-exceptions.filter';
export type { NotFoundFallback } from './all-exceptions.filter';
export { ErrorRecorder } from './error-recorder';
export type { ErrorRecord } from './error-recorder';
export { createValidationPipe, flattenValidationErrors } from './validation';
export {
  isDatabaseUnavailableError,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_UNAVAILABLE_RETRY_SECONDS,
  serviceUnavailableError,
} from './service-unavailable';
