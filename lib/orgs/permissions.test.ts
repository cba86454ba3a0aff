/** The one role → permission table (lib/orgs/permissions.ts) and its one check. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { can, PERMISSIONS, throwIfNoAccess } from './permissions.ts';
import type { Permission } from './permissions.ts';

describe('PERMISSIONS', () => {
  it('gives each role exactly these permissions (decisions.md)', () => {
    const held = (role: 'OWNER' | 'ADMIN' | 'MEMBER') => (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p)).sort();
    const all = (Object.keys(PERMISSIONS) as Permission[]).sort();
    expect(held('OWNER')).toEqual(all);
    expect(held('ADMIN')).toEqual(all.filter((p) => p !== 'owners.manage' && p !== 'organization.settings'));
    expect(held('MEMBER')).toEqual(['organization.read']);
  });
});

describe('throwIfNoAccess', () => {
  it('passes a role that holds the permission', () => {
    expect(() => throwIfNoAccess({ role: 'ADMIN' }, 'members.manage')).not.toThrow();
  });

  it('refuses any other with FORBIDDEN naming the roles that may, and the caller’s own', () => {
    const err = (() => {
      try {
        throwIfNoAccess({ role: 'MEMBER' }, 'billing.manage');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'FORBIDDEN', message: "Only an organization's OWNER or ADMIN may do this (your role: MEMBER)" });
    expect(() => throwIfNoAccess({ role: 'ADMIN' }, 'owners.manage', 'Only an owner makes an owner')).toThrow('Only an owner makes an owner');
  });
});
