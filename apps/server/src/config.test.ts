import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'tryon-config-'));

describe('settings', () => {
  it('runs with no settings at all: port 8080, a local data folder and a generated secret kept there', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.APP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8')).toBe(config.APP_SECRET);
    expect(statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).APP_SECRET).toBe(config.APP_SECRET);
  });

  it('names every bad setting in one clear message', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_SECRET: 'short',
        SMTP_URL: 'http://x',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'SMTP_URL']) expect(message).toContain(name);
      expect(message).toContain('docs/configuration.md');
    }
  });

  it('requires APP_SECRET in production, where several processes must share it', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
  });

  it('reads lists and treats empty values as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: ' a@x.com, ,b@y.com ',
      SMTP_URL: '',
      PUBLIC_URL: 'https://tryon.example.com/',
    });
    expect(config.ADMIN_EMAILS).toEqual(['a@x.com', 'b@y.com']);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('https://tryon.example.com');
  });

  it('TRUST_PROXY takes a hop count or a proxy list, and refuses `true`', () => {
    const dir = tempDir();
    const trust = (value: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).TRUST_PROXY;
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.5,::1')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1']);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: the number of proxies in front/);
    expect(() => trust('nginx')).toThrow(ConfigError);
  });
});
