import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './support/app-process';

// The production topology cannot run here (no container engine), but its file must stay valid.
describe('docker-compose.yml', () => {
  const compose = (env: NodeJS.ProcessEnv) =>
    spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  it('is accepted by docker-compose with its secrets given', () => {
    const secrets = { AUTH_JWT_SECRET: 'example', TOKEN_ENCRYPTION_KEY: 'example', AUTH_RESET_CODE_SECRET: 'example' };
    const result = compose({ POSTGRES_PASSWORD: 'example', ...secrets });
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without its secrets: none has a default', () => {
    const env = { ...process.env };
    delete env.POSTGRES_PASSWORD;
    delete env.AUTH_JWT_SECRET;
    delete env.TOKEN_ENCRYPTION_KEY;
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('POSTGRES_PASSWORD');
  });

  it('refuses to start without the insurer-token key (the backend requires it in production)', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, POSTGRES_PASSWORD: 'example', AUTH_JWT_SECRET: 'example' };
    env.AUTH_RESET_CODE_SECRET = 'example';
    delete env.TOKEN_ENCRYPTION_KEY;
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('TOKEN_ENCRYPTION_KEY');
  });

  it('refuses to start without the reset-code key (the backend requires it in production)', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, POSTGRES_PASSWORD: 'example', AUTH_JWT_SECRET: 'example' };
    env.TOKEN_ENCRYPTION_KEY = 'example';
    delete env.AUTH_RESET_CODE_SECRET;
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('AUTH_RESET_CODE_SECRET');
  });
});
