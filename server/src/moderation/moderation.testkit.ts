import { expect } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';

/** The moderation suites' cast: an app, a writer whose things are reported, and two readers, signed in. */
export interface ModerationCast {
  t: TestApp;
  writer: Session;
  reader: Session;
  another: Session;
}

export async function moderationCast(): Promise<ModerationCast> {
  const t = await buildTestApp();
  const [writer, reader, another] = await Promise.all(['Writer', 'Reader', 'Another'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  return { t, writer: writer!, reader: reader!, another: another! };
}

/** `who` reports the thing (a story, comment, reply or account) through the call; the case it lands in. */
export async function reportedCase(t: TestApp, who: Session, kind: string, targetId: number, category = 'spam'): Promise<number> {
  const made = await t.app.inject({ method: 'POST', url: '/api/user/report', payload: { user_id: who.id, kind, target_id: targetId, category }, headers: who.headers });
  expect(made.statusCode, made.body).toBe(201);
  return (await t.db.selectFrom('reports').select('case_id').where('id', '=', made.json().report_id).executeTakeFirstOrThrow()).case_id;
}
