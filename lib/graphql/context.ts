import type { BoardSource } from '../boards/index.ts';
import type { Actor } from '../orgs/actor.ts';
import type { AppError } from '../errors.ts';

/** What every resolver sees about its request. */
export interface GraphQLContext {
  /** The signed-in actor, or null for an anonymous request. */
  actor: Actor | null;
  /** Why a bearer token was refused (TOKEN_EXPIRED, UNAUTHENTICATED): raised by fields that need an actor. */
  authError: AppError | null;
  /** The client's address, for per-IP limits. */
  clientIp: string;
  /** Aborted when the request has been answered TIMEOUT: mutations check it before they commit. */
  signal: AbortSignal;
  /** The licensing board (the handler's option: BOARD_API_URL's API, else the local registry). */
  board: BoardSource;
}
