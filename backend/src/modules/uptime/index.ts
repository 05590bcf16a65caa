// Nothing imports this module but the app module: it reads the insurers' configuration, not the insurers module.
export { UptimeModule } from './uptime.module';
