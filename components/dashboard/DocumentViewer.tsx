'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { PagePreview } from './PagePreview.tsx';
import { FirstLoad } from './use-action.tsx';

const VIEWED_DOCUMENT = graphql(`
  query ViewedDocument($id: UUID!) {
    document(id: $id) {
      id
      name
      downloadUrl
    }
  }
`);

/** One page at a time of a document's current version, drawn in the browser; where chat citations lead. */
export function DocumentViewer({ id, page: initial }: { id: string; page: number }) {
  const { data, loading, error } = useQuery(VIEWED_DOCUMENT, { variables: { id } });
  const [page, setPage] = useState(Math.max(1, initial));
  const [pages, setPages] = useState<number | null>(null);
  const doc = data?.document;
  if (!doc) return loading || error ? <FirstLoad loading={loading} error={error} hasData={false} what="the document" /> : <p role="alert">Document not found.</p>;
  return (
    <div className="stack">
      <p>
        <Link href={`/documents/${doc.id}`}>← {doc.name}</Link>
      </p>
      <h1>
        {doc.name}, page {page}
        {pages ? ` of ${pages}` : ''}
      </h1>
      <div className="actions">
        <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </button>
        <button type="button" disabled={pages !== null && page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next page
        </button>
      </div>
      {doc.downloadUrl ? <PagePreview key={page} url={doc.downloadUrl} page={page} onInfo={(info) => setPages(info.pages)} /> : <p className="muted">This document has no file yet.</p>}
    </div>
  );
}
