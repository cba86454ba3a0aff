/** The queues of batch sealing: one queue job per batch item (its id is the item's), and where an item goes once its retries are spent. */
import { env } from '../env.ts';
import type { QueueDefinition } from '../queue/index.ts';

/** Items whose retries are spent (an instance died with them three times, or sealing kept failing unexpectedly): marked FAILED there. */
export const BATCH_DEAD_LETTER: QueueDefinition = { name: 'batch-seal-dead', retryLimit: 5, retryDelay: 5, expireInSeconds: 60 };

/** One job per item: `{ itemId }`. */
export function batchQueue(): QueueDefinition {
  return { name: 'batch-seal', retryLimit: 3, retryDelay: 2, expireInSeconds: env().BATCH_ITEM_TIMEOUT_SECONDS, deadLetter: BATCH_DEAD_LETTER.name };
}

export interface BatchItemJob {
  itemId: string;
}
