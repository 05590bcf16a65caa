import { loadConfig } from './config';
import { createPartners } from './partners';
import { buildSandbox } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildSandbox(createPartners(config));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`sandbox partners on http://${shown}:${config.port} (SMTP ${shown}:${config.smtpPort}, inbox /mail)`);
  const stop = (): void => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
