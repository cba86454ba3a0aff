'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { pdfToolError } from './pdf-tool-words.ts';

const MERGE = graphql(`
  mutation MergePdfs($input: MergePdfsInput!) {
    mergePdfs(input: $input) {
      pageCount
      document {
        id
        name
      }
    }
  }
`);

interface Selected {
  id: string;
  name: string;
}

/**
 * "Merge…" beside the selection of the documents list, once two or more are selected: a dialog
 * to put them in order and name the new document, then mergePdfs, and the new document opens.
 */
export function MergeSelected({ documents }: { documents: Selected[] }) {
  const [order, setOrder] = useState<Selected[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [merge] = useMutation(MERGE);
  const router = useRouter();
  if (documents.length < 2) return null;
  const close = () => (setOrder(null), setError(null));
  const swap = (i: number, j: number) =>
    setOrder((current) => {
      if (!current || j < 0 || j >= current.length) return current;
      const next = [...current];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!order) return;
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const { data } = await merge({ variables: { input: { documentIds: order.map((d) => d.id), name } } });
      const made = data?.mergePdfs?.document;
      if (!made) throw new Error('The merge answered no document');
      router.push(`/documents/${made.id}`);
    } catch (err) {
      setError(pdfToolError(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="secondary small" onClick={() => setOrder(documents)}>
        Merge…
      </button>
      {order && (
        <ModalDialog title={`Merge ${order.length} documents`} onClose={close}>
          <form className="stack" onSubmit={(e) => void submit(e)}>
            <p className="muted">Their pages, one document after another, become a new document; these stay as they are.</p>
            <ol className="merge-order" aria-label="Order of the documents">
              {order.map((d, i) => (
                <li key={d.id}>
                  <span className="merge-index" aria-hidden="true">
                    {i + 1}.
                  </span>
                  <span className="merge-name">{d.name}</span>
                  <span className="merge-moves">
                    <button type="button" className="secondary small" aria-label={`Move “${d.name}” up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                      ↑
                    </button>
                    <button type="button" className="secondary small" aria-label={`Move “${d.name}” down`} disabled={i === order.length - 1} onClick={() => swap(i, i + 1)}>
                      ↓
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <label>
              Name of the new document
              <input name="name" required maxLength={255} defaultValue={`${order[0]!.name} and ${order.length - 1} more`} />
            </label>
            <div className="actions">
              <button type="submit" disabled={busy}>
                {busy ? 'Merging…' : `Merge ${order.length} documents`}
              </button>
              <button type="button" className="secondary" onClick={close}>
                Cancel
              </button>
            </div>
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
          </form>
        </ModalDialog>
      )}
    </>
  );
}
