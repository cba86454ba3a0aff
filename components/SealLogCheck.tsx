'use client';

import { useEffect, useState } from 'react';
import { checkLogRecord } from './seal-log-check.ts';
import type { LogCheck, LogRecordProps } from './seal-log-check.ts';

/** The seal's entry in the public seal log, checked in the reader's browser when the page opens. */
export function SealLogCheck({ record, code, documentHash }: { record: LogRecordProps; code: string; documentHash: string }) {
  const [check, setCheck] = useState<LogCheck | null>(null);
  useEffect(() => {
    let current = true;
    checkLogRecord(record, { code, documentHash })
      .catch((err: unknown) => ({ ok: false as const, reason: err instanceof Error ? err.message : String(err) }))
      .then((result) => {
        if (current) setCheck(result);
      });
    return () => {
      current = false;
    };
  }, [record, code, documentHash]);

  const entry = record.leafIndex + 1;
  return (
    <div
      data-testid="seal-log"
      data-state={check === null ? 'checking' : check.ok ? 'verified' : 'failed'}
      className={`verify-banner ${check === null ? 'tone-neutral' : check.ok ? 'tone-good' : 'tone-bad'}`}
      role="status"
    >
      {check === null ? (
        <p>Checking the public seal log in your browser…</p>
      ) : check.ok ? (
        <p>
          Recorded in the public seal log (entry {entry.toLocaleString('en-US')} of {record.treeSize.toLocaleString('en-US')}); checked in your browser.
        </p>
      ) : (
        <p>
          <strong>The public seal log check failed:</strong> {check.reason}. The record above may not be the one the log vouches for.
        </p>
      )}
      <details>
        <summary>How this is checked</summary>
        <p>
          Every seal is appended to a public, append-only log (a Merkle tree, hashed as Certificate Transparency does). Your browser hashed this seal’s entry, followed the inclusion proof to the root
          of the tree head signed on <time dateTime={record.head.timestamp}>{record.head.timestamp.replace('T', ' ').slice(0, 19)} UTC</time>, and checked the log’s Ed25519 signature on it. Anyone can
          download the whole log at <code>/v1/log</code> and audit it.
        </p>
        <p>
          Entry index {record.leafIndex} in a tree of {record.treeSize}; root <code className="verify-hash">{record.rootHash}</code>; log key <code className="verify-hash">{record.head.keyId}</code>.
        </p>
      </details>
    </div>
  );
}
