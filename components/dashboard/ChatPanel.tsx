'use client';

import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import Link from 'next/link';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { Outcome, useAction } from './use-action.tsx';

const CREATE_CHAT = graphql(`
  mutation CreateChatSession($input: CreateChatSessionInput!) {
    createChatSession(input: $input) {
      id
      title
    }
  }
`);
const SEND_CHAT = graphql(`
  mutation SendChatMessage($sessionId: UUID!, $content: String!) {
    sendChatMessage(sessionId: $sessionId, content: $content) {
      id
      role
      content
      tokenCount
    }
  }
`);

interface Turn {
  id: string;
  role: 'USER' | 'ASSISTANT';
  content: string;
}

/** Where a citation opens: the document's viewer at that page. */
export function viewerHref(documentId: string, page: number): string {
  return `/documents/${documentId}/view?page=${page}`;
}

/** An answer's text with each [document name, p. N] made a link to that page of that document (names not among `documents` stay text). */
export function withCitationLinks(text: string, documents: { id: string; name: string }[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^\]\n]+), p\. (\d+)\]/g)) {
    const doc = documents.find((d) => d.name === m[1]);
    if (!doc) continue;
    parts.push(text.slice(last, m.index));
    parts.push(
      <Link key={`${m.index}`} href={viewerHref(doc.id, Number(m[2]))}>
        {m[0]}
      </Link>,
    );
    last = m.index! + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * Questions about some documents and their answers, each citation a link to the page it
 * cites. The chat session is made on the first question.
 */
export function ChatPanel({ documents, title, heading = 'Ask' }: { documents: { id: string; name: string }[]; title?: string; heading?: string }) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [createChat] = useMutation(CREATE_CHAT);
  const [send] = useMutation(SEND_CHAT);
  const { outcome, busy, run } = useAction();
  const headingId = `ask-title-${documents
    .map((d) => d.id)
    .join('-')
    .slice(0, 36)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = question.trim();
    if (!content || documents.length === 0) return;
    await run(async () => {
      let id = sessionId;
      if (!id) {
        const { data } = await createChat({ variables: { input: { documentIds: documents.map((d) => d.id), title: title ?? null } } });
        id = data!.createChatSession!.id;
        setSessionId(id);
      }
      setTurns((t) => [...t, { id: `q-${t.length}`, role: 'USER', content }]);
      setQuestion('');
      const { data } = await send({ variables: { sessionId: id, content } });
      const reply = data!.sendChatMessage!;
      setTurns((t) => [...t, { id: reply.id, role: 'ASSISTANT', content: reply.content }]);
    });
  };

  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {turns.length > 0 && (
        <ol className="chat-turns stack" aria-label="Conversation">
          {turns.map((turn) => (
            <li key={turn.id} className={turn.role === 'USER' ? 'chat-question' : 'chat-answer'}>
              <strong>{turn.role === 'USER' ? 'You' : 'Answer'}:</strong> <span style={{ whiteSpace: 'pre-wrap' }}>{withCitationLinks(turn.content, documents)}</span>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="stack">
        <label>
          Question
          <textarea value={question} onChange={(e) => setQuestion(e.target.value)} rows={2} maxLength={4000} required placeholder="What live load does the deck use?" />
        </label>
        <div className="actions">
          <button type="submit" disabled={busy || documents.length === 0}>
            {busy ? 'Asking…' : 'Ask'}
          </button>
        </div>
      </form>
      <Outcome {...outcome} />
    </section>
  );
}
