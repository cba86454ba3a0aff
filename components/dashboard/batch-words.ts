/** Batch sealing in words and the small rules the batch pages share (pure, tested in batch-words.test.ts). */
import type { BatchSealItemStatus, BatchSealStatus } from '../gql/graphql.ts';

type Tone = 'ok' | 'warn' | 'bad' | '';

export const JOB_STATUS_WORDS: Record<BatchSealStatus, { word: string; tone: Tone }> = {
  PENDING: { word: 'Queued', tone: 'warn' },
  PROCESSING: { word: 'Sealing', tone: 'warn' },
  COMPLETED: { word: 'Completed', tone: 'ok' },
  PARTIALLY_COMPLETED: { word: 'Partly sealed', tone: 'warn' },
  FAILED: { word: 'Failed', tone: 'bad' },
  CANCELLED: { word: 'Cancelled', tone: '' },
};

export const ITEM_STATUS_WORDS: Record<BatchSealItemStatus, { word: string; tone: Tone }> = {
  PENDING: { word: 'Waiting', tone: '' },
  PROCESSING: { word: 'Sealing', tone: 'warn' },
  COMPLETED: { word: 'Sealed', tone: 'ok' },
  FAILED: { word: 'Failed', tone: 'bad' },
  CANCELLED: { word: 'Cancelled', tone: '' },
};

/** A job still under way: the pages poll while one is shown, and it can be cancelled. */
export const isActive = (status: BatchSealStatus) => status === 'PENDING' || status === 'PROCESSING';

const DOCUMENT_ID = /\bDocument ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/gi;

/**
 * The API names an offending document by its id ("Document 3f…: The document is already
 * sealed…"); the person chose documents by name, so say the name where we know it.
 */
export function nameDocuments(message: string, names: ReadonlyMap<string, string>): string {
  return message.replace(DOCUMENT_ID, (whole, id: string) => {
    const name = names.get(id.toLowerCase());
    return name === undefined ? whole : `“${name}”`;
  });
}

/** The documents a retry seals again: those of the failed items that can still be seen, in the job's order. */
export function failedDocumentIds(items: ReadonlyArray<{ status: BatchSealItemStatus; document?: { id: string } | null }>): string[] {
  return items.filter((i) => i.status === 'FAILED' && i.document).map((i) => i.document!.id);
}

/** A moment as the dashboard's lists show it (Nov 25, 2026, 10:32 AM). */
export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "1 document", "12 documents". */
export const documentsCount = (n: number) => `${n} document${n === 1 ? '' : 's'}`;
