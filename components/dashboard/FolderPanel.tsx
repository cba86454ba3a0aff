'use client';

import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { FolderFieldsFragment } from '../gql/graphql.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { Outcome, useAction } from './use-action.tsx';

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

/** A folder of the tree as shown: the levels loaded with it, and the subtrees loaded later hung under it. */
export type Folder = FolderFieldsFragment & { children?: Folder[] };
export type FlatFolder = Folder & { depth: number };

/** The tree with the subtrees loaded later hung under their folders. */
export function withSubtrees(folders: Folder[], subtrees: Record<string, Folder[]>): Folder[] {
  return folders.map((f) => {
    const children = f.children ?? subtrees[f.id];
    return children ? { ...f, children: withSubtrees(children, subtrees) } : f;
  });
}

export function flatten(folders: Folder[], depth = 0, out: FlatFolder[] = []): FlatFolder[] {
  for (const f of folders) {
    out.push({ ...f, depth });
    if (f.children) flatten(f.children, depth + 1, out);
  }
  return out;
}

type Action = { kind: 'create'; parent: FlatFolder | null } | { kind: 'rename' | 'move' | 'delete'; folder: FlatFolder };

/** One folder's actions, behind a button: a small list that closes on a choice, on Escape, or when focus leaves it. */
function FolderMenu({ folder, onChoose }: { folder: FlatFolder; onChoose: (action: Action) => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const choose = (action: Action) => {
    setOpen(false);
    onChoose(action);
  };
  const id = `folder-menu-${folder.id}`;
  return (
    <div
      className="folder-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => !root.current?.contains(e.relatedTarget as Node | null) && setOpen(false)}
    >
      <button type="button" ref={button} className="menu-button" aria-expanded={open} aria-controls={id} aria-label={`Actions for folder “${folder.name}”`} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul className="menu-list" id={id}>
          <li>
            <button type="button" onClick={() => choose({ kind: 'create', parent: folder })}>
              New folder inside…
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose({ kind: 'rename', folder })}>
              Rename…
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose({ kind: 'move', folder })}>
              Move…
            </button>
          </li>
          <li>
            <button type="button" className="danger" onClick={() => choose({ kind: 'delete', folder })}>
              Delete…
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * The folder tree: "All documents", each folder with how many documents it holds counting its
 * subfolders, and a menu of its actions (new folder inside, rename, move, delete), each in a
 * dialog of its own; "New folder" at the top level.
 */
export function FolderPanel({
  folders,
  selected,
  onSelect,
  onDone,
}: {
  folders: Folder[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  onDone: (selectId?: string | null) => Promise<unknown>;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const { outcome, run, setOutcome } = useAction();
  const all = flatten(folders);
  const item = (id: string | null, label: string, count?: number) => (
    <button type="button" className={`tree-button${selected === id ? ' selected' : ''}`} aria-pressed={selected === id} onClick={() => onSelect(id)}>
      {label}
      {count !== undefined && <span className="muted"> ({count})</span>}
    </button>
  );
  const render = (items: Folder[], depth: number) => (
    <ul>
      {items.map((f) => (
        <li key={f.id}>
          <div className="tree-row">
            {item(f.id, f.name, f.totalDocumentCount)}
            <FolderMenu folder={{ ...f, depth }} onChoose={setAction} />
          </div>
          {f.children && f.children.length > 0 && render(f.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="stack">
      <nav aria-label="Folders" className="tree">
        <ul>
          <li>{item(null, 'All documents')}</li>
        </ul>
        {folders.length > 0 && render(folders, 0)}
      </nav>
      <button type="button" className="secondary small" onClick={() => (setOutcome({}), setAction({ kind: 'create', parent: null }))}>
        New folder…
      </button>
      <Outcome {...outcome} />
      {action && (
        <FolderActionDialog
          action={action}
          all={all}
          onClose={() => setAction(null)}
          onDone={async (work, message, select) => {
            const ok = await run(async () => {
              await work();
              await onDone(select);
              return true;
            }, message);
            if (ok) setAction(null);
          }}
        />
      )}
    </div>
  );
}

function FolderActionDialog({
  action,
  all,
  onClose,
  onDone,
}: {
  action: Action;
  all: FlatFolder[];
  onClose: () => void;
  onDone: (work: () => Promise<unknown>, message: string, select?: string | null) => Promise<void>;
}) {
  const [create] = useMutation(CREATE_FOLDER);
  const [update] = useMutation(UPDATE_FOLDER);
  const [remove] = useMutation(DELETE_FOLDER);
  const [busy, setBusy] = useState(false);
  const submit = (work: () => Promise<unknown>, message: string, select?: string | null) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onDone(work, message, select);
    } finally {
      setBusy(false);
    }
  };
  const buttons = (label: string, danger = false) => (
    <div className="actions">
      <button type="submit" className={danger ? 'danger-solid' : undefined} disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
  const name = (form: HTMLFormElement) => String(new FormData(form).get('name') ?? '').trim();

  if (action.kind === 'create') {
    const parent = action.parent;
    return (
      <ModalDialog title={parent ? `New folder in “${parent.name}”` : 'New folder'} onClose={onClose}>
        <form
          className="stack"
          onSubmit={(e) => {
            const folderName = name(e.currentTarget);
            return submit(() => create({ variables: { input: { name: folderName, parentId: parent?.id ?? null } } }), `Folder “${folderName}” created${parent ? ` in ${parent.name}` : ''}.`)(e);
          }}
        >
          <label>
            Folder name
            <input name="name" required maxLength={100} autoFocus />
          </label>
          {buttons('Create folder')}
        </form>
      </ModalDialog>
    );
  }
  const folder = action.folder;
  if (action.kind === 'rename')
    return (
      <ModalDialog title={`Rename folder “${folder.name}”`} onClose={onClose}>
        <form
          className="stack"
          onSubmit={(e) => {
            const folderName = name(e.currentTarget);
            return submit(() => update({ variables: { id: folder.id, input: { name: folderName } } }), `Renamed to “${folderName}”.`)(e);
          }}
        >
          <label>
            New name
            <input name="name" required maxLength={100} defaultValue={folder.name} autoFocus />
          </label>
          {buttons('Rename')}
        </form>
      </ModalDialog>
    );
  if (action.kind === 'move') {
    // Not into itself nor below it.
    const below = new Set<string>();
    const start = all.findIndex((f) => f.id === folder.id);
    for (let i = start + 1; i < all.length && all[i]!.depth > folder.depth; i++) below.add(all[i]!.id);
    const targets = all.filter((f) => f.id !== folder.id && !below.has(f.id));
    return (
      <ModalDialog title={`Move folder “${folder.name}”`} onClose={onClose}>
        <form
          className="stack"
          onSubmit={(e) => {
            const parentId = String(new FormData(e.currentTarget).get('parentId') ?? '') || null;
            const where = parentId ? all.find((f) => f.id === parentId)?.name : 'the top level';
            return submit(() => update({ variables: { id: folder.id, input: { parentId } } }), `Moved “${folder.name}” to ${where}.`)(e);
          }}
        >
          <label>
            Move to
            <select name="parentId" defaultValue={folder.parentId ?? ''}>
              <option value="">Top level</option>
              {targets.map((f) => (
                <option key={f.id} value={f.id}>
                  {'\u00a0\u00a0'.repeat(f.depth)}
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          {buttons('Move')}
        </form>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title={`Delete folder “${folder.name}”?`} onClose={onClose}>
      <form className="stack" onSubmit={submit(() => remove({ variables: { id: folder.id } }), `Folder “${folder.name}” deleted; what it held moved up a level.`, null)}>
        <p>
          Its {folder.totalDocumentCount === 1 ? 'document' : `${folder.totalDocumentCount} documents`} and folders move up a level
          {folder.parentId ? ` into “${all.find((f) => f.id === folder.parentId)?.name ?? 'its parent'}”` : ' to the top level'}; nothing is deleted but the folder.
        </p>
        {buttons(`Delete folder “${folder.name}”`, true)}
      </form>
    </ModalDialog>
  );
}
