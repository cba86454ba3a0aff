'use client';

import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { graphql } from '../gql/index.ts';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { DocumentOrder, DocumentStatus } from '../gql/graphql.ts';
import { describeError } from './api-errors.ts';
import { DataTable } from './DataTable.tsx';
import { flatten, FolderPanel, withSubtrees } from './FolderPanel.tsx';
import type { Folder } from './FolderPanel.tsx';
import { MergeSelected } from './MergeSelected.tsx';
import { SealSelected } from './SealSelected.tsx';
import { Uploader } from './Uploader.tsx';
import { documentLimitNote } from './plan-limit-words.ts';
import type { SealingMarksTable } from '../../lib/stamps/board-rules.ts';

graphql(`
  fragment FolderFields on DocumentFolder {
    id
    name
    parentId
    documentCount
    totalDocumentCount
  }
`);
// Three levels of the tree at a time (a query's cost grows 20-fold per nested list: this one
// costs 421 of 500). A folder on the deepest level loaded has no `children` yet: selecting it
// loads the next three levels below it (SUBFOLDERS), so any depth can be reached.
const DOCUMENT_LIMIT = graphql(`
  query DocumentLimit {
    organization {
      id
      planLevel
      maxDocuments
    }
    subscription {
      status
    }
    documentsConnection(first: 1) {
      totalCount
    }
  }
`);

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
  query Documents($folderId: UUID, $after: String, $first: Int!, $search: String, $orderBy: DocumentOrder, $status: DocumentStatus) {
    documentsConnection(first: $first, after: $after, folderId: $folderId, search: $search, orderBy: $orderBy, status: $status) {
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
          thumbnailUrl
          insertedAt
          updatedAt
          folder {
            id
            name
          }
        }
      }
    }
  }
`);

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

const ORDERS: ReadonlyArray<readonly [DocumentOrder, string]> = [
  ['NEWEST', 'Newest first'],
  ['OLDEST', 'Oldest first'],
  ['NAME', 'Name, A to Z'],
  ['NAME_DESC', 'Name, Z to A'],
  ['RECENTLY_UPDATED', 'Recently changed'],
];
const STATUSES: ReadonlyArray<readonly [DocumentStatus | '', string]> = [
  ['', 'Any status'],
  ['DRAFT', 'Drafts'],
  ['SEALED', 'Sealed'],
  ['ARCHIVED', 'Archived'],
];

/** What is typed, once typing pauses (a request per pause, not per key). */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The first page, small; nothing when there is no file or it cannot be drawn (the name says what it is). */
function Thumbnail({ url }: { url?: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <span className="thumb thumb-empty" aria-hidden="true" />;
  return <img className="thumb" src={url} alt="" width={48} height={48} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

export function DocumentsPanel({ verifyBase, marks }: { verifyBase: string; marks: SealingMarksTable }) {
  const [folderId, setFolderId] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useSettled(searchText.trim());
  const [orderBy, setOrderBy] = useState<DocumentOrder>('NEWEST');
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  // The documents selected for sealing, among those shown: another folder or filter starts afresh.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const folders = useQuery(FOLDERS, { fetchPolicy: 'cache-and-network' });
  const limit = useQuery(DOCUMENT_LIMIT, { fetchPolicy: 'cache-and-network' });
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
  const filters = { folderId, search: search || null, orderBy, status: status || null };
  const docs = useQuery(DOCUMENTS, { variables: { ...filters, first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [loadingMore, setLoadingMore] = useState(false);
  const pageInfo = docs.data?.documentsConnection.pageInfo;
  const showMore = async () => {
    setLoadingMore(true);
    try {
      await docs.fetchMore({
        variables: { ...filters, first: PAGE_SIZE, after: pageInfo?.endCursor },
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
    // The getting-started checklist above ticks off an upload or a seal made here.
    return Promise.all([folders.refetch(), docs.refetch(), limit.refetch(), client.refetchQueries({ include: ['Onboarding'] }), ...Object.keys(subtrees).map(loadSubtree)]);
  };
  const rows = docs.data?.documentsConnection.edges.map((e) => e.node) ?? [];
  const selectable = rows.filter(sealable);
  const chosen = selectable.filter((d) => picked.has(d.id));
  const filtered = Boolean(search || status);
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
          <FolderPanel folders={tree} selected={folderId} onSelect={select} onDone={refresh} />
        )}
        {folders.error && (
          <p className="error" role="alert">
            {describeError(folders.error)}
          </p>
        )}
      </aside>
      <section className="stack" aria-labelledby="list-title">
        <h2 id="list-title">{selected ? selected.name : 'All documents'}</h2>
        <Uploader
          folderId={folderId}
          onUploaded={() => void refresh()}
          limitNote={
            limit.data &&
            documentLimitNote({
              planLevel: limit.data.organization.planLevel,
              maxDocuments: limit.data.organization.maxDocuments,
              trialing: limit.data.subscription?.status === 'trialing',
              count: limit.data.documentsConnection.totalCount,
            })
          }
        />
        <div className="list-controls" role="search" aria-label="Documents">
          <label>
            Search by name
            <input type="search" value={searchText} onChange={(e) => (setSearchText(e.currentTarget.value), setPicked(new Set()))} maxLength={255} placeholder="Part of a name" />
          </label>
          <label>
            Sort
            <select value={orderBy} onChange={(e) => (setOrderBy(e.currentTarget.value as DocumentOrder), setPicked(new Set()))}>
              {ORDERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status
            <select value={status} onChange={(e) => (setStatus(e.currentTarget.value as DocumentStatus | ''), setPicked(new Set()))}>
              {STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {docs.loading && !docs.data ? (
          <p className="muted" role="status">
            Loading documents…
          </p>
        ) : docs.error && !docs.data ? (
          <p className="error" role="alert">
            {describeError(docs.error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="empty">
            {filtered
              ? `No documents ${search ? `named like “${search}”` : ''}${search && status ? ' and ' : ''}${status ? `${STATUSES.find(([v]) => v === status)?.[1].toLowerCase()}` : ''}${selected ? ' in this folder' : ''}.`
              : `${selected ? 'This folder is empty.' : 'No documents yet.'} Drop a PDF above to start.`}
          </p>
        ) : (
          <>
            <div className="selection-bar">
              <SelectAll total={selectable.length} chosen={chosen.length} onChange={(all) => setPicked(new Set(all ? selectable.map((d) => d.id) : []))} />
              <SealSelected documents={chosen} onClear={() => setPicked(new Set())} verifyBase={verifyBase} marks={marks} />
              <MergeSelected documents={chosen} />
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
                    <Link href={`/documents/${d.id}`} className="document-link">
                      <Thumbnail url={d.thumbnailUrl} />
                      <span>{d.name}</span>
                    </Link>
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
