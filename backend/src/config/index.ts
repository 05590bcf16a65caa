export { loadAppConfig, toAppConfig, ConfigBootError } from './app-config';
export type { AppConfig } from './app-config';
export { validateEnvironment, ConfigValidationError, APP_ROLES, NODE_ENVS } from './env.validation';
export type { AppRole, NodeEnv, LogFormat, LogLevel } from './env.validation';
