'use client';

import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { findSealCode, formatSealedDate, sha256Hex } from './verify-helpers.ts';

/** The largest file hashed in the browser (a sealed PDF is at most 32 MiB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

type Tone = 'good' | 'bad' | 'neutral';

interface Outcome {
  /** The headline word: Valid, Different seal, Tampered, Not found, No match, No seal code, Not checked. */
  word: string;
  tone: Tone;
  lines: ReactNode[];
  fileName: string;
  hash?: string;
  link?: { href: string; label: string };
}

type State = { kind: 'idle' } | { kind: 'checking'; fileName: string } | { kind: 'done'; outcome: Outcome };

/** The seal of the page the drop zone sits on (/verify/[code]); absent on /verify. */
export interface PageSeal {
  code: string;
  holderName: string;
}

class CheckError extends Error {}

async function postJson(url: string, body: Record<string, string>): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new CheckError('The verification service could not be reached. Check your connection and try again.');
  }
  if (res.status === 429) throw new CheckError('Too many checks from your network in the last minute. Wait a minute and try again.');
  const answer = await res.json().catch(() => null);
  if (res.status === 404 && answer && answer.valid === false) return { notFound: true };
  if (!res.ok || !answer) throw new CheckError(answer?.message ?? `The verification service answered ${res.status}. Try again later.`);
  return answer;
}

/**
 * Verify a file by the code it carries: POST /v1/verify/pdf with its hash and code only. On a
 * seal's page, a file that carries another seal's code is not this seal's document, whatever
 * that other seal says: "Different seal", never a green "Valid" on this page (a file built to
 * show this page's stamp and QR code while carrying another seal read as Valid here).
 */
async function checkByEmbeddedCode(fileName: string, hash: string, code: string, pageSeal: PageSeal | undefined): Promise<Outcome> {
  const otherSeal = pageSeal !== undefined && code !== pageSeal.code;
  const answer = await postJson('/v1/verify/pdf', { hash, code });
  const own = pageSeal?.code === code ? undefined : { href: `/verify/${code}`, label: `See the record of seal ${code}` };
  const note: ReactNode[] = otherSeal
    ? [
        <>
          This file is not the document of this page&rsquo;s seal (<code>{pageSeal.code}</code>, by {pageSeal.holderName}): it carries another seal code, <code>{code}</code>. If a stamp or QR code on
          it points here, that mark does not belong to this file.
        </>,
      ]
    : [];
  if (answer.status === 'valid') {
    const seal = answer.seal as { professional_name: string; sealed_at: string; license_number: string };
    const sealedBy = (
      <>
        This file is exactly the document sealed by {seal.professional_name} on {formatSealedDate(seal.sealed_at)}
        {otherSeal ? (
          <>
            {' '}
            under seal <code>{code}</code>, and only that seal vouches for it.
          </>
        ) : (
          <>: not one byte has changed since.</>
        )}
      </>
    );
    return { word: otherSeal ? 'Different seal' : 'Valid', tone: otherSeal ? 'bad' : 'good', fileName, hash, link: own, lines: [...note, sealedBy] };
  }
  if (answer.status === 'tampered') {
    return {
      word: 'Tampered',
      tone: 'bad',
      fileName,
      hash,
      link: own,
      lines: [
        ...note,
        <>
          This file carries seal code <code>{code}</code>, but it was modified after sealing: its bytes differ from the sealed original. Do not rely on it; ask the sender for the original.
        </>,
      ],
    };
  }
  return {
    word: 'Not found',
    tone: 'bad',
    fileName,
    hash,
    lines: [
      ...note,
      <>
        This file carries the seal code <code>{code}</code>, but no seal is on record for it. The code may have been altered, or the seal was not made by Sealwright.
      </>,
    ],
  };
}

/** A file without an embedded code, on a seal's page: compare its hash with that seal's (POST /v1/verify/:code/match). */
async function checkAgainstPageSeal(fileName: string, hash: string, pageSeal: PageSeal): Promise<Outcome> {
  const noCode = <>This file carries no Sealwright seal code, so its hash was compared with this page&rsquo;s seal.</>;
  const answer = await postJson(`/v1/verify/${pageSeal.code}/match`, { document_hash: hash });
  if (answer.notFound) return { word: 'Not found', tone: 'bad', fileName, hash, lines: [noCode, <>No seal is on record for this page&rsquo;s code.</>] };
  if (answer.match) {
    return {
      word: 'Valid',
      tone: 'good',
      fileName,
      hash,
      lines: [
        noCode,
        <>
          This file is exactly the document sealed by {pageSeal.holderName} on {formatSealedDate(answer.sealed_at)}.
        </>,
      ],
    };
  }
  return {
    word: 'No match',
    tone: 'bad',
    fileName,
    hash,
    lines: [noCode, <>It is not the sealed document: it is another file, or a copy modified after sealing.</>],
  };
}

/**
 * Drop (or pick) your copy of a sealed PDF: it is hashed in the browser (SHA-256, Web Crypto)
 * and its embedded seal code read from its bytes; only the hash and the code are sent. The
 * file itself never leaves the browser.
 */
export function VerifyDropZone({ pageSeal }: { pageSeal?: PageSeal }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const run = useRef(0);
  const inputId = useId();
  const hintId = useId();

  async function check(file: File) {
    const mine = ++run.current;
    setState({ kind: 'checking', fileName: file.name });
    let outcome: Outcome;
    try {
      if (file.size > MAX_FILE_BYTES) throw new CheckError('This file is larger than any sealed PDF (64 MB): it cannot be a Sealwright seal.');
      if (!globalThis.crypto?.subtle) throw new CheckError('This browser cannot compute the file’s hash here (Web Crypto needs a secure, HTTPS connection).');
      const buffer = await file.arrayBuffer();
      const hash = await sha256Hex(buffer);
      const code = findSealCode(new Uint8Array(buffer));
      if (code) outcome = await checkByEmbeddedCode(file.name, hash, code, pageSeal);
      else if (pageSeal) outcome = await checkAgainstPageSeal(file.name, hash, pageSeal);
      else {
        outcome = {
          word: 'No seal code',
          tone: 'neutral',
          fileName: file.name,
          hash,
          lines: [<>This file carries no Sealwright seal code. Enter the code printed in the footer of the sealed document above, then check the file on that seal&rsquo;s page.</>],
        };
      }
    } catch (err) {
      const message = err instanceof CheckError ? err.message : 'The file could not be read or checked. Try again.';
      outcome = { word: 'Not checked', tone: 'neutral', fileName: file.name, lines: [message] };
    }
    if (mine === run.current) setState({ kind: 'done', outcome });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  }

  const outcome = state.kind === 'done' ? state.outcome : null;
  return (
    <div className="verify-check">
      <div className={`verify-drop${dragging ? ' is-dragging' : ''}`} onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <label htmlFor={inputId} className="verify-drop-label">
          Drop your copy of the PDF here, or choose it
        </label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          aria-describedby={hintId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void check(file);
          }}
        />
        <p id={hintId} className="verify-hint">
          The file stays on your device: your browser computes its SHA-256 fingerprint and sends only that and the seal code it carries.
        </p>
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="verdict"
        className={`verify-verdict ${outcome ? `tone-${outcome.tone}` : state.kind === 'idle' ? 'is-idle' : 'is-checking'}`}
      >
        {state.kind === 'checking' ? (
          <p className="verify-verdict-word">Checking…</p>
        ) : outcome ? (
          <>
            <p className="verify-verdict-word">{outcome.word}</p>
            {outcome.lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
            <p className="verify-file">
              {outcome.fileName}
              {outcome.hash ? (
                <>
                  {' · SHA-256 '}
                  <code className="verify-hash">{outcome.hash}</code>
                </>
              ) : null}
            </p>
            {outcome.link ? (
              <p>
                <Link href={outcome.link.href}>{outcome.link.label}</Link>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
