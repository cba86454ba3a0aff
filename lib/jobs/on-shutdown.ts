import { beforeDatabaseClose } from '../db/index.ts';
import { flushVerificationCounts } from '../seals/verify-seal.ts';

/**
 * What a server process finishes when it stops, before its database closes: the verification
 * counts still added up in memory (lib/seals/verify-seal.ts writes them once a second; a stop
 * between two writes would lose them). Called once at start (instrumentation-node.ts,
 * scripts/serve-api.ts); lib/db runs it on SIGINT/SIGTERM and in closeDatabase.
 */
export function flushOnShutdown(): () => void {
  return beforeDatabaseClose('verification counts', () => flushVerificationCounts());
}
