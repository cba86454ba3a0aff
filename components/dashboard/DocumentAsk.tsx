'use client';

import { ChatPanel } from './ChatPanel.tsx';

/** The document page's "Ask" panel: questions about this document, answered with its pages cited (nothing to ask before it has a file). */
export function DocumentAsk({ doc }: { doc: { id: string; name: string; versionCount: number } }) {
  if (doc.versionCount === 0) return null;
  return <ChatPanel documents={[{ id: doc.id, name: doc.name }]} title={`Questions about ${doc.name}`} heading="Ask about this document" />;
}
