import type { TransportSingleOptions } from 'pino';
import type { LogFormat } from '../../config';

/** LOG_FORMAT=pretty: readable lines through pino-pretty; undefined: pino's own JSON lines on stdout. */
export function logTransport(format: LogFormat): TransportSingleOptions | undefined {
  return format === 'pretty'
    ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'hostname', singleLine: true } }
    : undefined;
}
