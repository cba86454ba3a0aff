import { env } from '../env.ts';
import type { Env } from '../env.ts';
import { HttpBoardSource } from './http-source.ts';
import { LocalBoardSource } from './local-source.ts';
import type { BoardSource } from './source.ts';

export type { BoardLicense, BoardSearch, BoardSource, BoardStatus } from './source.ts';
export { BoardUnavailableError } from './source.ts';

/** The configured licensing board: BOARD_API_URL's HTTP API, else the local registry. */
export function boardSource(e: Pick<Env, 'BOARD_API_URL' | 'BOARD_API_TIMEOUT_MS'> = env()): BoardSource {
  return e.BOARD_API_URL ? new HttpBoardSource(e.BOARD_API_URL, e.BOARD_API_TIMEOUT_MS) : new LocalBoardSource();
}
