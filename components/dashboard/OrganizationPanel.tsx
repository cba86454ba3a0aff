'use client';

import { useState } from 'react';
import type { FormEvent } from 'react';
import { graphql } from '../gql/index.ts';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { FirstLoad, Outcome, useAction } from './use-action.tsx';
import { AttestHint, MemberIdentityCell, SealingRules } from './OrganizationIdentity.tsx';
import type { OrganizationPageQuery } from '../gql/graphql.ts';
import { DataTable } from './DataTable.tsx';
import { EmailInviteForm } from './EmailInviteForm.tsx';
import { memberLimitNote } from './plan-limit-words.ts';

const ORGANIZATION = graphql(`
  query OrganizationPage {
    me {
      id
      identityAssurance
    }
    organization {
      id
      name
      slug
      planLevel
      maxTeamMembers
      requireVerifiedIdentity
    }
    subscription {
      status
    }
    myOrganizations(limit: 50) {
      id
      role
      isPrimaryOrg
      organization {
        id
        name
        planLevel
      }
    }
    organizationMembersConnection(first: 100) {
      totalCount
      edges {
        node {
          id
          role
          insertedAt
          user {
            ...MemberIdentity
          }
        }
      }
    }
  }
`);

const UPSERT_MEMBER = graphql(`
  mutation UpsertMember($input: UpsertOrganizationMemberInput!) {
    upsertOrganizationMember(input: $input) {
      id
      role
      user {
        id
        email
        displayName
      }
    }
  }
`);
const REMOVE_MEMBER = graphql(`
  mutation RemoveMember($id: UUID!) {
    removeOrganizationMember(id: $id) {
      id
    }
  }
`);
const SET_PRIMARY = graphql(`
  mutation SetPrimary($organizationId: UUID!) {
    setPrimaryOrganization(organizationId: $organizationId) {
      id
      isPrimaryOrg
    }
  }
`);
const SETUP_ORGANIZATION = graphql(`
  mutation SetupOrganization($input: SetupOrganizationInput!) {
    setupOrganization(input: $input) {
      id
      name
    }
  }
`);

type Role = 'OWNER' | 'ADMIN' | 'MEMBER';
type Member = OrganizationPageQuery['organizationMembersConnection']['edges'][number]['node'];

const ROLE_WORDS: Record<Role, string> = {
  OWNER: 'Owner: everything, including billing and other owners',
  ADMIN: 'Admin: members and billing',
  MEMBER: 'Member: documents, credentials and seals',
};

/** Which roles someone in `myRole` may give (only an OWNER makes an OWNER). */
const assignable = (myRole: Role): Role[] => (myRole === 'OWNER' ? ['OWNER', 'ADMIN', 'MEMBER'] : ['ADMIN', 'MEMBER']);

function MemberRow({ member, me, myRole, mayLeave, mayAttest, onChanged }: { member: Member; me: string; myRole: Role; mayLeave: boolean; mayAttest: boolean; onChanged: () => void }) {
  const [upsert] = useMutation(UPSERT_MEMBER);
  const [remove] = useMutation(REMOVE_MEMBER);
  const [confirming, setConfirming] = useState(false);
  const { outcome, busy, run } = useAction();
  const self = member.user.id === me;
  const manager = myRole === 'OWNER' || myRole === 'ADMIN';
  const mayChange = manager && !self && (member.role !== 'OWNER' || myRole === 'OWNER');
  const name = member.user.displayName || member.user.email;

  const changeRole = (role: Role) =>
    run(async () => {
      await upsert({ variables: { input: { email: member.user.email, role } } });
      onChanged();
    }, `${name} is now ${role}.`);
  const removeOrLeave = () =>
    run(async () => {
      await remove({ variables: { id: member.id } });
      onChanged();
    });

  return (
    <tr>
      <td data-label="Member">
        <span>
          {name}
          {self ? ' (you)' : ''}
        </span>
        {member.user.displayName && <span className="hint"> {member.user.email}</span>}
      </td>
      <td data-label="Role">
        {mayChange ? (
          <select aria-label={`Role of ${name}`} value={member.role} disabled={busy} onChange={(e) => void changeRole(e.target.value as Role)}>
            {[...new Set([member.role, ...assignable(myRole)])].map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        ) : (
          <span className="badge">{member.role}</span>
        )}
      </td>
      <td data-label="Identity">
        <MemberIdentityCell user={member.user} mayAttest={mayAttest && !self} onChanged={onChanged} />
      </td>
      <td data-label="Joined">{new Date(member.insertedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</td>
      <td data-label="">
        {((self && mayLeave) || mayChange) &&
          (confirming ? (
            <span className="copy">
              <button type="button" className="small danger secondary" disabled={busy} onClick={() => void removeOrLeave()}>
                {self ? 'Yes, leave' : `Yes, remove ${name}`}
              </button>
              <button type="button" className="small secondary" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" className="small secondary" onClick={() => setConfirming(true)}>
              {self ? 'Leave organization' : 'Remove'}
            </button>
          ))}
        <Outcome {...outcome} />
      </td>
    </tr>
  );
}

function InviteForm({ myRole, onAdded }: { myRole: Role; onAdded: () => void }) {
  const [upsert] = useMutation(UPSERT_MEMBER);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const { outcome, busy, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await upsert({ variables: { input: { email, role } } });
      setEmail('');
      onAdded();
    }, `${email} is now a ${role.toLowerCase()} of this organization.`);
  };
  return (
    <form className="settings-card" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">Add a member</h2>
      <p className="muted">They need a Sealwright account; they see this organization in theirs at once.</p>
      <label>
        Email
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      </label>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {assignable(myRole).map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add member'}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}

function Organizations({ data }: { data: OrganizationPageQuery }) {
  const client = useApolloClient();
  const [setPrimary] = useMutation(SET_PRIMARY);
  const [setup] = useMutation(SETUP_ORGANIZATION);
  const [name, setName] = useState('');
  const { outcome, busy, run } = useAction();
  const switchTo = (organizationId: string, orgName: string) =>
    run(async () => {
      await setPrimary({ variables: { organizationId } });
      await client.resetStore();
    }, `You are working in ${orgName}.`);
  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const made = await setup({ variables: { input: { name } } });
        const org = made.data!.setupOrganization!;
        setName('');
        await setPrimary({ variables: { organizationId: org.id } });
        await client.resetStore();
        return org;
      },
      (org) => `${org.name} is set up, on a 14-day trial, and you are working in it.`,
    );
  };
  return (
    <section className="settings-card" aria-labelledby="orgs-title">
      <h2 id="orgs-title">Your organizations</h2>
      <ul className="results">
        {data.myOrganizations.map((m) => (
          <li key={m.id}>
            <span>
              {m.organization.name} <span className="badge">{m.organization.planLevel}</span> <span className="hint">{m.role}</span>
            </span>
            {m.organization.id === data.organization.id ? (
              <span className="badge ok">Current</span>
            ) : (
              <button type="button" className="small secondary" disabled={busy} onClick={() => void switchTo(m.organization.id, m.organization.name)}>
                Switch to {m.organization.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={create}>
        <label>
          New organization
          <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="Firm name" />
        </label>
        <button type="submit" disabled={busy}>
          Set up
        </button>
      </form>
      <Outcome {...outcome} />
    </section>
  );
}

/** The current organization's members and roles, and the organizations one belongs to. */
export function OrganizationPanel() {
  const { data, loading, error, refetch } = useQuery(ORGANIZATION, { fetchPolicy: 'cache-and-network' });
  if (!data) return <FirstLoad loading={loading} error={error} hasData={false} what="your organization" />;
  const d = data!;
  const members = d.organizationMembersConnection.edges.map((e) => e.node);
  const myRole = (members.find((m) => m.user.id === d.me.id)?.role ?? 'MEMBER') as Role;
  const manager = myRole === 'OWNER' || myRole === 'ADMIN';
  const max = d.organization.maxTeamMembers;
  const changed = () => void refetch();
  return (
    <div className="stack-lg">
      <section className="stack" aria-labelledby="members-title">
        <h2 id="members-title">
          {d.organization.name}: {d.organizationMembersConnection.totalCount} of {max ?? 'unlimited'} member{max === 1 ? '' : 's'}
        </h2>
        <p className="muted">
          Your role: <strong>{myRole}</strong>. {ROLE_WORDS[myRole]}.
        </p>
        {manager && <AttestHint myAssurance={d.me.identityAssurance} />}
        <DataTable
          columns={[
            'Member',
            'Role',
            'Identity',
            'Joined',
            <span key="actions" className="visually-hidden">
              Actions
            </span>,
          ]}
          caption={<caption className="visually-hidden">Members of {d.organization.name}</caption>}
        >
          {members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              me={d.me.id}
              myRole={myRole}
              mayLeave={d.myOrganizations.length > 1}
              mayAttest={manager && d.me.identityAssurance === 'DOCUMENT_VERIFIED'}
              onChanged={changed}
            />
          ))}
        </DataTable>
      </section>
      {manager && max != null && (
        <p className="muted" data-testid="member-limit">
          {memberLimitNote({ planLevel: d.organization.planLevel, maxTeamMembers: max, trialing: d.subscription?.status === 'trialing', count: d.organizationMembersConnection.totalCount })}
        </p>
      )}
      <div className="settings-grid">
        {manager ? (
          <>
            <InviteForm myRole={myRole} onAdded={changed} />
            <EmailInviteForm roles={assignable(myRole).map((r) => ({ value: r, label: ROLE_WORDS[r] }))} />
          </>
        ) : (
          <section className="settings-card">
            <h2>Add a member</h2>
            <p className="muted">An owner or admin of {d.organization.name} adds members.</p>
          </section>
        )}
        <SealingRules organization={d.organization} isOwner={myRole === 'OWNER'} />
        <Organizations data={d} />
      </div>
    </div>
  );
}
