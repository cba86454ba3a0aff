'use client';

import { useState } from 'react';
import type { DragEvent } from 'react';
import { useSession } from 'next-auth/react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { describeError } from './api-errors.ts';
import { uploadWithProgress } from './upload.ts';

const CREATE_DOCUMENT = graphql(`
  mutation CreateDocument($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      id
      name
    }
  }
`);

interface UploadItem {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'creating' | 'done' | 'failed';
  message?: string;
  documentId?: string;
}

/** Drop or choose files: each is uploaded with its progress and becomes a document in `folderId`. */
export function Uploader({ folderId, onUploaded, limitNote }: { folderId: string | null; onUploaded: () => void; limitNote?: string | null }) {
  const { data: session } = useSession();
  const token = (session as { accessToken?: string | null } | null)?.accessToken ?? null;
  const [createDocument] = useMutation(CREATE_DOCUMENT);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const patch = (key: string, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function one(file: File) {
    const key = `${file.name}-${file.size}-${Math.random()}`;
    setItems((all) => [...all, { key, name: file.name, progress: 0, state: 'uploading' }]);
    try {
      const fileHash = await uploadWithProgress(file, token, (p) => patch(key, { progress: p }));
      patch(key, { state: 'creating', progress: 1 });
      const name = file.name.replace(/\.(pdf|png|jpe?g|tiff?)$/i, '') || file.name;
      const { data } = await createDocument({ variables: { input: { name, fileHash, folderId } } });
      patch(key, { state: 'done', documentId: data!.createDocument!.id });
      onUploaded();
    } catch (err) {
      patch(key, { state: 'failed', message: describeError(err) });
    }
  }
  function take(files: FileList | null) {
    if (!files) return;
    // One at a time: the server reads uploads in turn anyway, and each bar then moves steadily.
    void (async () => {
      for (const f of Array.from(files)) await one(f);
    })();
  }
  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  }
  return (
    <div className="stack">
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="upload-drop-zone"
        id="upload"
      >
        <p>Drop PDFs or images here (PDF, PNG, JPEG, TIFF; up to 16 MB each), or</p>
        <label className="file-button">
          Choose files
          <input type="file" multiple accept="application/pdf,image/png,image/jpeg,image/tiff" onChange={(e) => (take(e.currentTarget.files), (e.currentTarget.value = ''))} />
        </label>
      </div>
      {limitNote && (
        <p className="muted" data-testid="document-limit">
          {limitNote}
        </p>
      )}
      {items.length > 0 && (
        <ul className="uploads" aria-label="Uploads">
          {items.map((i) => (
            <li key={i.key}>
              <span className="upload-name">{i.name}</span>
              <progress max={1} value={i.progress} aria-label={`Upload of ${i.name}`} />
              <span role="status" className={i.state === 'failed' ? 'error' : 'muted'}>
                {i.state === 'uploading' ? `${Math.round(i.progress * 100)}%` : i.state === 'creating' ? 'Saving…' : i.state === 'done' ? 'Uploaded' : i.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
