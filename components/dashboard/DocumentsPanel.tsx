'use client';

import { useCallback, useState } from 'react';
import type { DragEvent, FormEvent } from 'react';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { graphql } from '../gql/index.ts';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { FolderFieldsFragment } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { uploadWithProgress } from './upload.ts';
import { DataTable } from './DataTable.tsx';
import { SealSelected } from './SealSelected.tsx';

graphql(`
  fragment FolderFields on DocumentFolder {
    id
    name
    parentId
    documentCount
  }
`);
// Three levels of the tree at a time (a query's cost grows 20-fold per nested list: this one
// costs 421 of 500). A folder on the deepest level loaded has no `children` yet: selecting it
// loads the next three levels below it (SUBFOLDERS), so any depth can be reached.
const FOLDERS = graphql(`
  query Folders {
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

/** Documents per page of the list; "Show more" appends the next page. */
const PAGE_SIZE = 20;

const SUBFOLDERS = graphql(`
  query Subfolders($parentId: UUID!) {
    folders(parentId: $parentId) {
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

const DOCUMENTS = graphql(`
  query Documents($folderId: UUID, $after: String, $first: Int!) {
    documentsConnection(first: $first, after: $after, folderId: $folderId) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          name
          status
          versionCount
          downloadUrl
          insertedAt
          folder {
            id
            name
          }
        }
      }
    }
  }
`);

const CREATE_FOLDER = graphql(`
  mutation CreateFolder($input: CreateFolderInput!) {
    createFolder(input: $input) {
      id
      name
    }
  }
`);
const UPDATE_FOLDER = graphql(`
  mutation UpdateFolder($id: UUID!, $input: UpdateFolderInput!) {
    updateFolder(id: $id, input: $input) {
      id
      name
      parentId
    }
  }
`);
const DELETE_FOLDER = graphql(`
  mutation DeleteFolder($id: UUID!) {
    deleteFolder(id: $id) {
      id
    }
  }
`);
const CREATE_DOCUMENT = graphql(`
  mutation CreateDocument($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      id
      name
    }
  }
`);

/** A folder of the tree as shown: the levels loaded with it, and the subtrees loaded later hung under it. */
type Folder = FolderFieldsFragment & { children?: Folder[] };

/** The tree with the subtrees loaded later hung under their folders. */
function withSubtrees(folders: Folder[], subtrees: Record<string, Folder[]>): Folder[] {
  return folders.map((f) => {
    const children = f.children ?? subtrees[f.id];
    return children ? { ...f, children: withSubtrees(children, subtrees) } : f;
  });
}

function flatten(folders: Folder[], depth = 0, out: Array<Folder & { depth: number }> = []) {
  for (const f of folders) {
    out.push({ ...f, depth });
    if (f.children) flatten(f.children, depth + 1, out);
  }
  return out;
}

function FolderTree({ folders, selected, onSelect }: { folders: Folder[]; selected: string | null; onSelect: (id: string | null) => void }) {
  const item = (id: string | null, label: string, count?: number) => (
    <button type="button" className={`tree-button${selected === id ? ' selected' : ''}`} aria-pressed={selected === id} onClick={() => onSelect(id)}>
      {label}
      {count !== undefined && <span className="muted"> ({count})</span>}
    </button>
  );
  const render = (items: Folder[]) => (
    <ul>
      {items.map((f) => (
        <li key={f.id}>
          {item(f.id, f.name, f.documentCount)}
          {f.children && f.children.length > 0 && render(f.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label="Folders" className="tree">
      <ul>
        <li>{item(null, 'All documents')}</li>
      </ul>
      {folders.length > 0 && render(folders)}
    </nav>
  );
}

function FolderActions({ folders, selected, onDone }: { folders: Folder[]; selected: (Folder & { depth: number }) | null; onDone: (selectId?: string | null) => Promise<unknown> }) {
  const [create] = useMutation(CREATE_FOLDER);
  const [update] = useMutation(UPDATE_FOLDER);
  const [remove] = useMutation(DELETE_FOLDER);
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const all = flatten(folders);
  async function run(action: () => Promise<string>, select?: string | null) {
    setStatus({});
    try {
      const ok = await action();
      await onDone(select);
      setStatus({ ok });
    } catch (err) {
      setStatus({ error: describeError(err) });
    }
  }
  function createSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const name = String(new FormData(target).get('name') ?? '');
    void run(async () => {
      await create({ variables: { input: { name, parentId: selected?.id ?? null } } });
      target.reset();
      return `Folder “${name}” created${selected ? ` in ${selected.name}` : ''}.`;
    });
  }
  function renameSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    if (!selected) return;
    void run(async () => {
      await update({ variables: { id: selected.id, input: { name } } });
      return `Renamed to “${name}”.`;
    });
  }
  function moveSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parentId = String(new FormData(event.currentTarget).get('parentId') ?? '') || null;
    if (!selected) return;
    void run(async () => {
      await update({ variables: { id: selected.id, input: { parentId } } });
      return `Moved “${selected.name}” to ${parentId ? all.find((f) => f.id === parentId)?.name : 'the top level'}.`;
    });
  }
  function deleteFolder() {
    if (!selected) return;
    void run(async () => {
      await remove({ variables: { id: selected.id } });
      return `Folder “${selected.name}” deleted; what it held moved up a level.`;
    }, null);
  }
  return (
    <div className="stack">
      <form className="inline-form" onSubmit={createSubmit}>
        <label>
          New folder{selected ? ` in ${selected.name}` : ''}
          <input name="name" required maxLength={100} />
        </label>
        <button type="submit" className="secondary">
          Create folder
        </button>
      </form>
      {selected && (
        <>
          <form className="inline-form" onSubmit={renameSubmit} key={`rename-${selected.id}`}>
            <label>
              Rename “{selected.name}”
              <input name="name" required maxLength={100} defaultValue={selected.name} />
            </label>
            <button type="submit" className="secondary">
              Rename
            </button>
          </form>
          <form className="inline-form" onSubmit={moveSubmit} key={`move-${selected.id}`}>
            <label>
              Move “{selected.name}” to
              <select name="parentId" defaultValue={selected.parentId ?? ''}>
                <option value="">Top level</option>
                {all
                  .filter((f) => f.id !== selected.id)
                  .map((f) => (
                    <option key={f.id} value={f.id}>
                      {'\u00a0\u00a0'.repeat(f.depth)}
                      {f.name}
                    </option>
                  ))}
              </select>
            </label>
            <button type="submit" className="secondary">
              Move
            </button>
          </form>
          <button type="button" className="secondary danger" onClick={deleteFolder}>
            Delete folder “{selected.name}”
          </button>
        </>
      )}
      {status.error && (
        <p className="error" role="alert">
          {status.error}
        </p>
      )}
      {status.ok && (
        <p className="success" role="status">
          {status.ok}
        </p>
      )}
    </div>
  );
}

interface UploadItem {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'creating' | 'done' | 'failed';
  message?: string;
  documentId?: string;
}

function Uploader({ folderId, onUploaded }: { folderId: string | null; onUploaded: () => void }) {
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
      <div className={`drop-zone${over ? ' over' : ''}`} onDragOver={(e) => (e.preventDefault(), setOver(true))} onDragLeave={() => setOver(false)} onDrop={drop} data-testid="upload-drop-zone">
        <p>Drop PDFs or images here (PDF, PNG, JPEG, TIFF; up to 16 MB each), or</p>
        <label className="file-button">
          Choose files
          <input type="file" multiple accept="application/pdf,image/png,image/jpeg,image/tiff" onChange={(e) => (take(e.currentTarget.files), (e.currentTarget.value = ''))} />
        </label>
      </div>
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

const STATUS_TONE: Record<string, string> = { SEALED: 'ok', DRAFT: 'warn', ARCHIVED: '' };

/** A document that can be selected for sealing: a draft with a file. */
const sealable = (d: { status: string; downloadUrl?: string | null }) => d.status === 'DRAFT' && !!d.downloadUrl;

/** "Select all" for the sealable documents shown: checked when all are, mixed when some are. */
function SelectAll({ total, chosen, onChange }: { total: number; chosen: number; onChange: (all: boolean) => void }) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={total > 0 && chosen === total}
        ref={(el) => {
          if (el) el.indeterminate = chosen > 0 && chosen < total;
        }}
        disabled={total === 0}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      Select all {total} that can be sealed
    </label>
  );
}

export function DocumentsPanel() {
  const [folderId, setFolderId] = useState<string | null>(null);
  // The documents selected for sealing, among those shown: another folder starts afresh.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const folders = useQuery(FOLDERS, { fetchPolicy: 'cache-and-network' });
  const client = useApolloClient();
  const [subtrees, setSubtrees] = useState<Record<string, Folder[]>>({});
  const loadSubtree = useCallback(
    async (parentId: string) => {
      try {
        const result = await client.query({ query: SUBFOLDERS, variables: { parentId }, fetchPolicy: 'network-only' });
        setSubtrees((current) => ({ ...current, [parentId]: result.data?.folders ?? [] }));
      } catch {
        // The folder went away meanwhile: forget its subtree.
        setSubtrees((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== parentId)));
      }
    },
    [client],
  );
  const docs = useQuery(DOCUMENTS, { variables: { folderId, first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [loadingMore, setLoadingMore] = useState(false);
  const pageInfo = docs.data?.documentsConnection.pageInfo;
  const showMore = async () => {
    setLoadingMore(true);
    try {
      await docs.fetchMore({
        variables: { folderId, first: PAGE_SIZE, after: pageInfo?.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          documentsConnection: { ...fetchMoreResult.documentsConnection, edges: [...(previous?.documentsConnection?.edges ?? []), ...fetchMoreResult.documentsConnection.edges] },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };
  const tree = withSubtrees(folders.data?.folders ?? [], subtrees);
  const selected = flatten(tree).find((f) => f.id === folderId) ?? null;
  const select = (id: string | null) => {
    setFolderId(id);
    setPicked(new Set());
    const folder = id ? flatten(tree).find((f) => f.id === id) : null;
    if (folder && folder.children === undefined) void loadSubtree(folder.id);
  };
  const refresh = (next?: string | null) => {
    if (next !== undefined) {
      setFolderId(next);
      setPicked(new Set());
    }
    return Promise.all([folders.refetch(), docs.refetch(), ...Object.keys(subtrees).map(loadSubtree)]);
  };
  const rows = docs.data?.documentsConnection.edges.map((e) => e.node) ?? [];
  const selectable = rows.filter(sealable);
  const chosen = selectable.filter((d) => picked.has(d.id));
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="documents-layout">
      <aside className="settings-card" aria-labelledby="folders-title">
        <h2 id="folders-title">Folders</h2>
        {folders.loading && !folders.data ? (
          <p className="muted" role="status">
            Loading folders…
          </p>
        ) : (
          <FolderTree folders={tree} selected={folderId} onSelect={select} />
        )}
        {folders.error && (
          <p className="error" role="alert">
            {describeError(folders.error)}
          </p>
        )}
        <FolderActions folders={tree} selected={selected} onDone={refresh} />
      </aside>
      <section className="stack" aria-labelledby="list-title">
        <h2 id="list-title">{selected ? selected.name : 'All documents'}</h2>
        <Uploader folderId={folderId} onUploaded={() => void refresh()} />
        {docs.loading && !docs.data ? (
          <p className="muted" role="status">
            Loading documents…
          </p>
        ) : docs.error && !docs.data ? (
          <p className="error" role="alert">
            {describeError(docs.error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="empty">{selected ? 'This folder is empty.' : 'No documents yet.'} Drop a PDF above to start.</p>
        ) : (
          <>
            <div className="selection-bar">
              <SelectAll total={selectable.length} chosen={chosen.length} onChange={(all) => setPicked(new Set(all ? selectable.map((d) => d.id) : []))} />
              <SealSelected documents={chosen} onClear={() => setPicked(new Set())} />
            </div>
            <DataTable
              columns={[
                <span key="select" className="visually-hidden">
                  Select
                </span>,
                'Name',
                'Status',
                'Versions',
                'Folder',
                'File',
              ]}
            >
              {rows.map((d) => (
                <tr key={d.id}>
                  <td data-label="Select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${d.name}`}
                      title={sealable(d) ? undefined : 'Only a draft with a file can be sealed'}
                      checked={picked.has(d.id) && sealable(d)}
                      disabled={!sealable(d)}
                      onChange={(e) => toggle(d.id, e.currentTarget.checked)}
                    />
                  </td>
                  <td data-label="Name">
                    <Link href={`/documents/${d.id}`}>{d.name}</Link>
                  </td>
                  <td data-label="Status">
                    <span className={`badge ${STATUS_TONE[d.status] ?? ''}`}>{d.status.charAt(0) + d.status.slice(1).toLowerCase()}</span>
                  </td>
                  <td data-label="Versions">{d.versionCount}</td>
                  <td data-label="Folder">{d.folder?.name ?? <span className="muted">Top level</span>}</td>
                  <td data-label="File">
                    {d.downloadUrl ? (
                      <a href={d.downloadUrl} aria-label={`Download ${d.name}`}>
                        Download
                      </a>
                    ) : (
                      <span className="muted">No file</span>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {rows.length > 0 && (
          <div className="copy">
            <span className="muted" role="status">
              Showing {rows.length} of {docs.data!.documentsConnection.totalCount}
            </span>
            {pageInfo?.hasNextPage && (
              <button type="button" className="secondary small" disabled={loadingMore} onClick={() => void showMore()}>
                {loadingMore ? 'Loading…' : 'Show more'}
              </button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
