'use client';

import { useState } from 'react';

/** The file a user keeps: one code a line, with what they are for. */
export function backupCodesText(codes: readonly string[]): string {
  return ['Sealwright backup codes. Each signs you in once if you lose your authenticator.', '', ...codes, ''].join('\n');
}

/** The MFA backup codes, shown once, with buttons to copy them and to download them as a text file. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const [said, setSaid] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaid(`Copied the ${codes.length} backup codes.`);
    } catch {
      setSaid('Copying was refused by the browser: select the codes and copy them, or download them.');
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'sealwright-backup-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
    setSaid('Downloaded sealwright-backup-codes.txt.');
  }

  return (
    <>
      <ol className="backup-codes" aria-label="Backup codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <p className="actions">
        <button type="button" className="secondary" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="secondary" onClick={download}>
          Download codes
        </button>
        <span aria-live="polite">{said}</span>
      </p>
    </>
  );
}
