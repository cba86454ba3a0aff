'use client';

import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { FirstLoad } from './use-action.tsx';

const CHAT_DOCUMENTS = graphql(`
  query ChatDocuments {
    documentsConnection(first: 100) {
      edges {
        node {
          id
          name
          versionCount
        }
      }
    }
  }
`);

/** A chat across documents the user picks: questions answered from all of them, each citation a link to its page. */
export function ChatAcrossDocuments() {
  const { data, loading, error } = useQuery(CHAT_DOCUMENTS);
  const [chosen, setChosen] = useState<string[]>([]);
  const documents = (data?.documentsConnection.edges.map((e) => e.node) ?? []).filter((d) => d.versionCount > 0);
  const picked = documents.filter((d) => chosen.includes(d.id));
  return (
    <div className="stack">
      <FirstLoad loading={loading} error={error} hasData={Boolean(data)} what="your documents" />
      {data && documents.length === 0 && <p className="muted">Upload a PDF first: questions are answered from your documents.</p>}
      {documents.length > 0 && (
        <fieldset className="stack">
          <legend>Documents to ask about</legend>
          {documents.map((d) => (
            <label key={d.id} className="checkbox">
              <input type="checkbox" checked={chosen.includes(d.id)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.id] : c.filter((x) => x !== d.id)))} />
              {d.name}
            </label>
          ))}
        </fieldset>
      )}
      {picked.length > 0 ? <ChatPanel key={picked.map((d) => d.id).join()} documents={picked} heading="Ask" /> : documents.length > 0 && <p className="muted">Choose one or more documents.</p>}
    </div>
  );
}
