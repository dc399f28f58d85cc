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
