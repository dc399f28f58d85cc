import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, READER, may, mayAssign, outranks, permissionsOf } from '../access/roles.ts';
import { readAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { onOwnDatabase } from '../db/migrate.testkit.ts';
import { createTestDatabase } from '../test/database.ts';
import { aUser } from '../test/factories.ts';
import { ROLE_MESSAGES, type RoleGiver, createRolesService } from './roles.service.ts';

/** Staff roles and the audit log (ADR 0091), on SQLite or PostgreSQL. */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-roles-')));
  database = created.database;
  drop = created.drop;
});
afterAll(async () => {
  await database?.destroy();
  await drop?.();
});

describe('the roles', () => {
  it('rank the owner above the admin above the moderator, who may not manage roles nor delete data', () => {
    const { owner, admin, moderator } = {
      owner: { name: 'owner', ...BUILT_IN_ROLES.owner },
      admin: { name: 'admin', ...BUILT_IN_ROLES.admin },
      moderator: { name: 'moderator', ...BUILT_IN_ROLES.moderator },
    };
    expect([outranks(owner, admin), outranks(admin, moderator), outranks(moderator, READER)]).toEqual([true, true, true]);
    expect([outranks(admin, admin), outranks(moderator, admin)]).toEqual([false, false]);
    expect(permissionsOf(moderator)).toEqual(['manageReports', 'manageUsers', 'manageAppeals', 'manageFederation', 'manageRules', 'viewAuditLog']);
    expect([may(admin, 'manageRoles'), may(moderator, 'manageRoles'), may(READER, 'viewAuditLog')]).toEqual([true, false, false]);
    // Nobody acts on a role at or above their own.
    expect(mayAssign(admin, moderator, READER)).toBe(true);
    expect(mayAssign(admin, admin, READER)).toBe(false);
    expect(mayAssign(admin, moderator, owner)).toBe(false);
    expect(mayAssign(moderator, { ...moderator, name: 'helper', priority: 50 }, READER)).toBe(false);
  });

  it('are the rows migration 0060 made, with the same flags as the code', async () => {
    const rows = await database.db.selectFrom('roles').select(['name', 'priority', 'permissions']).orderBy('priority', 'desc').execute();
    expect(rows).toEqual(Object.entries(BUILT_IN_ROLES).map(([name, role]) => ({ name, ...role })));
  });
});

describe('giving and taking roles', () => {
  it('by the operator: any role to any member, each with its row of the audit log', async () => {
    const roles = createRolesService(database.db);
    const ada = await aUser(database.db, { name: 'Ada' });
    expect(await roles.grant('command line', 'owner', ada.email.toUpperCase())).toMatchObject({ before: null, after: 'owner' });
    expect((await roles.of(ada.id)).name).toBe('owner');
    expect(await roles.revoke('command line', ada.email)).toMatchObject({ before: 'owner' });
    expect(await roles.of(ada.id)).toEqual(READER);
    const [revoked, granted] = await readAudit(database.db, { limit: 2 });
    expect(granted).toMatchObject({
      actor: { id: null, name: 'command line' },
      action: 'role.grant',
      target: { kind: 'account', id: ada.id, label: `Ada <${ada.email}>` },
      before: null,
      after: 'owner',
    });
    expect(revoked).toMatchObject({ action: 'role.revoke', before: 'owner', after: null });
    await expect(roles.grant('command line', 'king', ada.email)).rejects.toThrow(ROLE_MESSAGES.noRole('king'));
    await expect(roles.grant('command line', 'moderator', 'nobody@example.com')).rejects.toThrow(ROLE_MESSAGES.noMember('nobody@example.com'));
    await expect(roles.revoke('command line', ada.email)).rejects.toThrow('holds no role');
  });

  it('by staff: only roles below their own, from members below them, and nothing written when refused', async () => {
    const roles = createRolesService(database.db);
    const [owner, admin, other, reader] = await Promise.all(['Owner', 'Admin', 'Other admin', 'Reader'].map((name) => aUser(database.db, { name })));
    await roles.grant('command line', 'owner', owner!.email);
    await roles.grant('command line', 'admin', admin!.email);
    await roles.grant('command line', 'admin', other!.email);
    const as = async (member: { id: number; email: string }): Promise<RoleGiver> => ({ id: member.id, name: member.email, role: await roles.of(member.id) });
    const logged = async () => (await readAudit(database.db, { limit: 1000 })).length;

    const byAdmin = await as(admin!);
    expect(await roles.grant(byAdmin, 'moderator', reader!.email)).toMatchObject({ after: 'moderator' });
    const before = await logged();
    await expect(roles.grant(byAdmin, 'admin', reader!.email)).rejects.toThrow(ROLE_MESSAGES.notAllowed);
    await expect(roles.revoke(byAdmin, other!.email)).rejects.toThrow(ROLE_MESSAGES.notAllowed);
    await expect(roles.revoke(byAdmin, owner!.email)).rejects.toThrow(ROLE_MESSAGES.notAllowed);
    await expect(roles.grant(await as(reader!), 'moderator', admin!.email)).rejects.toThrow(ROLE_MESSAGES.notAllowed);
    expect(await logged()).toBe(before);
    expect((await roles.of(reader!.id)).name).toBe('moderator');
    expect(await roles.revoke(await as(owner!), admin!.email)).toMatchObject({ before: 'admin' });
    const [last] = await readAudit(database.db, { limit: 1, actions: ['role.revoke'] });
    expect(last).toMatchObject({ actor: { id: owner!.id, name: owner!.email }, target: { id: admin!.id } });
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete a row', async () => {
    const roles = createRolesService(database.db);
    const bo = await aUser(database.db, { name: 'Bo' });
    await roles.grant('command line', 'moderator', bo.email);
    const [row] = await readAudit(database.db, { limit: 1 });
    await expect(database.db.updateTable('audit_log').set({ actor_name: 'someone else' }).where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('audit_log').where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
    expect((await readAudit(database.db, { limit: 1 }))[0]).toEqual(row);
    // Read back by page and by what was done.
    const page = await readAudit(database.db, { limit: 2, before: row!.id });
    expect(page.every((line) => line.id < row!.id)).toBe(true);
    expect((await readAudit(database.db, { limit: 100, actions: ['role.revoke'] })).every((line) => line.action === 'role.revoke')).toBe(true);
  });

  it('and the roles come with migration 0060, the reports and cases with 0061, and go with their downs', async () => {
    await onOwnDatabase(async (db, migrator) => {
      const ours = ['audit_log', 'cases', 'member_roles', 'reports', 'roles'];
      const tables = async () =>
        (await db.introspection.getTables())
          .map((t) => t.name)
          .filter((name) => ours.includes(name))
          .sort();
      expect((await migrator.migrateTo('0059_follow_requests_asked')).error).toBeUndefined();
      expect(await tables()).toEqual([]);
      expect((await migrator.migrateTo('0060_roles_and_audit_log')).error).toBeUndefined();
      expect(await tables()).toEqual(['audit_log', 'member_roles', 'roles']);
      expect((await migrator.migrateTo('0061_reports_and_cases')).error).toBeUndefined();
      expect(await tables()).toEqual(ours);
      expect((await migrator.migrateTo('0060_roles_and_audit_log')).error).toBeUndefined();
      expect(await tables()).toEqual(['audit_log', 'member_roles', 'roles']);
      expect((await migrator.migrateTo('0059_follow_requests_asked')).error).toBeUndefined();
      expect(await tables()).toEqual([]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});
