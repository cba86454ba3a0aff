'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useSession } from 'next-auth/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { DocumentVisibility } from '../gql/graphql.ts';
import { flatten } from './FolderPanel.tsx';
import { ModalDialog } from './ModalDialog.tsx';
import { uploadWithProgress } from './upload.ts';
import { Outcome, useAction } from './use-action.tsx';

const UPDATE_DOCUMENT = graphql(`
  mutation UpdateDocument($id: UUID!, $input: UpdateDocumentInput!) {
    updateDocument(id: $id, input: $input) {
      id
      name
      visibility
      status
    }
  }
`);
const MOVE_DOCUMENT = graphql(`
  mutation MoveDocument($id: UUID!, $folderId: UUID) {
    moveDocument(id: $id, folderId: $folderId) {
      id
      folder {
        id
        name
      }
    }
  }
`);
const DELETE_DOCUMENT = graphql(`
  mutation DeleteDocument($id: UUID!) {
    deleteDocument(id: $id) {
      id
    }
  }
`);
const UPLOAD_VERSION = graphql(`
  mutation UploadDocumentVersion($input: UploadDocumentVersionInput!) {
    uploadDocumentVersion(input: $input) {
      id
      versionNumber
    }
  }
`);
// Where a document may move: the folders three levels deep, as the documents page shows them.
const MOVE_TARGETS = graphql(`
  query MoveTargets {
    folders {
      ...FolderFields
      children {
        ...FolderFields
        children {
          ...FolderFields
        }
      }
    }
  }
`);

export const VISIBILITIES: ReadonlyArray<readonly [DocumentVisibility, string, string]> = [
  ['PRIVATE', 'Private', 'You, and your organization’s owners and admins.'],
  ['ORGANIZATION', 'Organization', 'Every member of your organization.'],
  ['PUBLIC', 'Public', 'Anyone with its link may read it and download its current version, without signing in.'],
];

interface Doc {
  id: string;
  name: string;
  status: string;
  visibility: DocumentVisibility;
  folder?: { id: string; name: string } | null;
}

type Open = 'rename' | 'move' | 'delete' | null;

/**
 * What can be done with a document besides sealing: rename, move to a folder, who can see it,
 * delete (a dialog naming it first), and a new version (not of a sealed one: a sealed version
 * never changes). Each says what happened, or why not, in words.
 */
export function DocumentActions({ doc, onChanged }: { doc: Doc; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState<Open>(null);
  // The visibility just chosen, shown at once while it is saved (the document's own once it is).
  const [choosing, setChoosing] = useState<DocumentVisibility | null>(null);
  const { outcome, run, busy } = useAction();
  const [update] = useMutation(UPDATE_DOCUMENT);
  const [move] = useMutation(MOVE_DOCUMENT);
  const [remove] = useMutation(DELETE_DOCUMENT);
  const router = useRouter();
  const folders = useQuery(MOVE_TARGETS, { skip: open !== 'move', fetchPolicy: 'cache-and-network' });

  const act = async (work: () => Promise<unknown>, message: string) => {
    const done = await run(async () => {
      await work();
      await onChanged();
      return true;
    }, message);
    if (done) setOpen(null);
  };
  const submitWith = (read: (form: FormData) => [() => Promise<unknown>, string]) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [work, message] = read(new FormData(event.currentTarget));
    void act(work, message);
  };
  const buttons = (label: string, danger = false) => (
    <div className="actions">
      <button type="submit" className={danger ? 'danger-solid' : undefined} disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(null)}>
        Cancel
      </button>
    </div>
  );
  const all = flatten(folders.data?.folders ?? []);

  return (
    <section className="stack" aria-labelledby="manage-title">
      <h2 id="manage-title">Manage</h2>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setOpen('rename')}>
          Rename…
        </button>
        <button type="button" className="secondary" onClick={() => setOpen('move')}>
          Move to folder…
        </button>
        <button type="button" className="secondary danger" onClick={() => setOpen('delete')}>
          Delete…
        </button>
      </div>
      <fieldset className="visibility">
        <legend>Who can see it</legend>
        {VISIBILITIES.map(([value, label, hint]) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={(choosing ?? doc.visibility) === value}
              disabled={busy}
              onChange={() => {
                setChoosing(value);
                void act(() => update({ variables: { id: doc.id, input: { visibility: value } } }), `“${doc.name}” is now visible to: ${label.toLowerCase()}.`).finally(() => setChoosing(null));
              }}
            />
            <span>
              <strong>{label}</strong> <span className="muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Outcome {...outcome} />
      {open === 'rename' && (
        <ModalDialog title={`Rename “${doc.name}”`} onClose={() => setOpen(null)}>
          <form
            className="stack"
            onSubmit={submitWith((form) => {
              const name = String(form.get('name') ?? '').trim();
              return [() => update({ variables: { id: doc.id, input: { name } } }), `Renamed to “${name}”.`];
            })}
          >
            <label>
              New name
              <input name="name" required maxLength={255} defaultValue={doc.name} autoFocus />
            </label>
            {buttons('Rename')}
          </form>
        </ModalDialog>
      )}
      {open === 'move' && (
        <ModalDialog title={`Move “${doc.name}”`} onClose={() => setOpen(null)}>
          <form
            className="stack"
            onSubmit={submitWith((form) => {
              const folderId = String(form.get('folderId') ?? '') || null;
              const where = folderId ? `“${all.find((f) => f.id === folderId)?.name}”` : 'the top level';
              return [() => move({ variables: { id: doc.id, folderId } }), `Moved to ${where}.`];
            })}
          >
            <label>
              Folder
              <select name="folderId" defaultValue={doc.folder?.id ?? ''} key={all.length}>
                <option value="">Top level (no folder)</option>
                {all.map((f) => (
                  <option key={f.id} value={f.id}>
                    {'\u00a0\u00a0'.repeat(f.depth)}
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            {folders.loading && !folders.data && (
              <p className="muted" role="status">
                Loading folders…
              </p>
            )}
            {buttons('Move')}
          </form>
        </ModalDialog>
      )}
      {open === 'delete' && (
        <ModalDialog title={`Delete “${doc.name}”?`} onClose={() => setOpen(null)}>
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              void run(async () => {
                await remove({ variables: { id: doc.id } });
                router.push('/documents');
                return true;
              });
            }}
          >
            <p>
              “{doc.name}” leaves your documents and its link stops working. {doc.status === 'SEALED' ? 'Its seal stays verifiable: a copy already sent still checks as Valid.' : ''}
            </p>
            {buttons(`Delete “${doc.name}”`, true)}
            <Outcome {...outcome} />
          </form>
        </ModalDialog>
      )}
    </section>
  );
}

/** A new version from a file: uploaded with its progress, with a note, then the document's current version. */
export function NewVersionForm({ documentId, onDone }: { documentId: string; onDone: () => Promise<unknown> }) {
  const { data: session } = useSession();
  const token = (session as { accessToken?: string | null } | null)?.accessToken ?? null;
  const [upload] = useMutation(UPLOAD_VERSION);
  const [progress, setProgress] = useState<number | null>(null);
  const { outcome, run, busy } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    const notes = String(data.get('notes') ?? '').trim() || null;
    await run(
      async () => {
        setProgress(0);
        try {
          const fileHash = await uploadWithProgress(file, token, setProgress);
          const { data: added } = await upload({ variables: { input: { documentId, fileHash, notes } } });
          await onDone();
          form.reset();
          return added!.uploadDocumentVersion!.versionNumber;
        } finally {
          setProgress(null);
        }
      },
      (n) => `Version ${n} added: it is now the current version.`,
    );
  }
  return (
    <form className="stack new-version" onSubmit={submit} aria-labelledby="new-version-title">
      <h3 id="new-version-title">Upload a new version</h3>
      <label>
        File (PDF, PNG, JPEG or TIFF; up to 16 MB)
        <input type="file" name="file" required accept="application/pdf,image/png,image/jpeg,image/tiff" />
      </label>
      <label>
        What changed (optional)
        <input name="notes" maxLength={1000} placeholder="Revised per plan review comments" />
      </label>
      {progress !== null && <progress max={1} value={progress} aria-label="Upload of the new version" />}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload version'}
        </button>
      </div>
      <Outcome {...outcome} />
    </form>
  );
}
