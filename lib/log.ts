import { env } from './env.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  let threshold: number = LEVELS.info;
  try {
    threshold = LEVELS[env().LOG_LEVEL];
  } catch {
    // an invalid environment is reported where it is parsed
  }
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Structured one-line JSON logs; details of internal errors go here, never to clients. */
export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
