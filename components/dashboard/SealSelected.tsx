'use client';

import { useState } from 'react';
import { describeError } from './api-errors.ts';
import { useStartBatch } from './batch-jobs.ts';
import { documentsCount, nameDocuments } from './batch-words.ts';
import { SealDialog } from './SealDialog.tsx';
import type { SealingMarksTable } from '../../lib/stamps/board-rules.ts';

interface Selected {
  id: string;
  name: string;
  downloadUrl?: string | null;
}

/**
 * The bar shown while documents are selected: their count, "Seal selected…" (the placement
 * dialog once for all of them, then a batch job, whose page opens) and a way to clear.
 */
export function SealSelected({ documents, onClear, verifyBase, marks }: { documents: Selected[]; onClear: () => void; verifyBase: string; marks: SealingMarksTable }) {
  const [open, setOpen] = useState(false);
  const start = useStartBatch();
  if (documents.length === 0) return null;
  const count = documentsCount(documents.length);
  const names = new Map(documents.map((d) => [d.id.toLowerCase(), d.name]));
  const first = documents[0]!;
  return (
    <div className="selection-actions">
      <span role="status">
        <strong>{documents.length}</strong> selected
      </span>
      <button type="button" className="small" onClick={() => setOpen(true)}>
        Seal selected…
      </button>
      <button type="button" className="secondary small" onClick={onClear}>
        Clear selection
      </button>
      {open && (
        <SealDialog
          title={`Seal ${count}`}
          previewUrl={first.downloadUrl ?? null}
          pickPage={false}
          note={
            <p className="muted">
              Each document gets the same stamp at the same place; the preview shows “{first.name}”. They are sealed in the background, and the job&apos;s page shows how far it got.
            </p>
          }
          submitLabel={`Seal ${count}`}
          busyLabel="Starting…"
          subject={documents.length === 1 ? `“${first.name}”` : `${count}: ${documents.map((d) => `“${d.name}”`).join(', ')}`}
          many={documents.length > 1}
          verifyBase={verifyBase}
          marks={marks}
          onSubmit={async (choice) => {
            await start({
              documentIds: documents.map((d) => d.id),
              credentialId: choice.credentialId,
              signingCertificateId: choice.signingCertificateId,
              pageMode: choice.pageMode,
              positionX: choice.positionX,
              positionY: choice.positionY,
              size: choice.size,
              footerPosition: choice.footerPosition,
            });
          }}
          explainError={(err) => nameDocuments(describeError(err), names)}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
