/**
 * The burst of bench/burst.ts: members signed in through the API, the calls planned from the
 * database's state (each a distinct member and target, set to the opposite of what it is, so the
 * state after the burst says exactly which calls ran), sent all at once over HTTP, and checked after.
 */
import { fetchPatiently } from '../server/src/test/http-client.ts';
import type { Read } from './support.ts';

export type Kind = 'like' | 'save' | 'follow';

export interface Member {
  id: number;
  token: string;
}

export interface BurstCall {
  kind: Kind;
  member: Member;
  /** The post liked or saved, or the member followed. */
  target: number;
  /** Like, save, follow (true) or take it back (false). */
  on: boolean;
}

export interface Outcome {
  /** The answer's status; 0 when no answer came (the connection failed). */
  status: number;
  /** When the answer had come, in ms from the burst's start. */
  ms: number;
  retryAfter: string | null;
}

const PATHS: Record<Kind, string> = { like: 'like', save: 'posts/save', follow: 'follow-unfollow' };
const KINDS: readonly Kind[] = ['like', 'save', 'follow'];

function body(call: BurstCall): Record<string, number> {
  const flag = call.on ? 1 : 0;
  if (call.kind === 'like') return { user_id: call.member.id, post_id: call.target, status: flag };
  if (call.kind === 'save') return { user_id: call.member.id, post_id: call.target, save_unsave: flag };
  return { user_id: call.member.id, follow_id: call.target, followType: flag };
}

/** The first `count` demo members, signed in (every demo address takes the same password). */
export async function signIn(base: string, read: Read, count: number): Promise<Member[]> {
  const users = await read('SELECT id, email FROM users WHERE deactivated_at IS NULL ORDER BY id LIMIT ?', [count]);
  return Promise.all(
    users.map(async (user) => {
      const response = await fetchPatiently(() =>
        fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: 'Inkwell#2026' }),
        }),
      );
      if (!response.ok) throw new Error(`login of ${String(user.email)}: ${response.status} ${await response.text()}`);
      return { id: Number(user.id), token: ((await response.json()) as { token: string }).token };
    }),
  );
}

/** What each member has now: the posts they like and save, the members they follow. */
async function stateOf(read: Read, members: readonly Member[]): Promise<Record<Kind, Set<string>>> {
  const ids = members.map((m) => m.id);
  const marks = `(${ids.map(() => '?').join(',')})`;
  const pairs = async (text: string) => new Set((await read(text, ids)).map((r) => `${String(r.a)}:${String(r.b)}`));
  return {
    like: await pairs(`SELECT user_id AS a, post_id AS b FROM likes WHERE user_id IN ${marks}`),
    save: await pairs(`SELECT user_id AS a, post_id AS b FROM saves WHERE user_id IN ${marks}`),
    follow: await pairs(`SELECT follower_id AS a, following_id AS b FROM follows WHERE follower_id IN ${marks}`),
  };
}

/** Whether `call`'s row is there (liked, saved, followed) in `state`. */
const isOn = (state: Record<Kind, Set<string>>, call: BurstCall) => state[call.kind].has(`${call.member.id}:${call.target}`);

/**
 * `total` calls shared by the members, the kinds in turn (like, save, follow), each on a target of its
 * own for that member, taken from the round's place in the list so that rounds differ; each sets the
 * opposite of the present state. Ordered member by member in turn, as a crowd's presses would come.
 */
export async function planCalls(read: Read, members: readonly Member[], total: number, round: number): Promise<BurstCall[]> {
  const posts = (await read('SELECT id FROM posts ORDER BY id', [])).map((r) => Number(r.id));
  const people = (await read('SELECT id FROM users WHERE deactivated_at IS NULL ORDER BY id', [])).map((r) => Number(r.id));
  const state = await stateOf(read, members);
  const perMember = Math.ceil(total / members.length);
  const lists = members.map((member) => {
    const calls: BurstCall[] = [];
    const taken: Record<Kind, number> = { like: 0, save: 0, follow: 0 };
    for (let i = 0; i < perMember; i += 1) {
      let kind = KINDS[i % KINDS.length]!;
      const others = people.filter((id) => id !== member.id);
      // Follows go round the other members once; past them, the call is a like instead.
      if (kind === 'follow' && taken.follow >= others.length) kind = 'like';
      const pool = kind === 'follow' ? others : posts;
      const target = pool[(round * perMember + taken[kind]) % pool.length]!;
      taken[kind] += 1;
      const call = { kind, member, target, on: false };
      call.on = !isOn(state, call);
      calls.push(call);
    }
    return calls;
  });
  const ordered: BurstCall[] = [];
  for (let i = 0; ordered.length < total; i += 1) {
    for (const list of lists) {
      const call = list[i];
      if (call && ordered.length < total) ordered.push(call);
    }
  }
  return ordered;
}

/** Sends every call at once (a connection each) and answers each one's status and time, in call order. */
export async function fire(base: string, calls: readonly BurstCall[]): Promise<Outcome[]> {
  const start = performance.now();
  return Promise.all(
    calls.map(async (call) => {
      try {
        const response = await fetch(`${base}/api/user/${PATHS[call.kind]}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: call.member.token, id: String(call.member.id) },
          body: JSON.stringify(body(call)),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - start, retryAfter: response.headers.get('retry-after') };
      } catch {
        return { status: 0, ms: performance.now() - start, retryAfter: null };
      }
    }),
  );
}

/**
 * The calls whose row is not as their answer says: one answered 200 must have left its state, one
 * refused must have left none (nothing half done, nothing lost, nothing done twice).
 */
export async function wrongStates(read: Read, members: readonly Member[], calls: readonly BurstCall[], outcomes: readonly Outcome[]): Promise<number> {
  const state = await stateOf(read, members);
  return calls.filter((call, i) => isOn(state, call) !== (outcomes[i]!.status === 200 ? call.on : !call.on)).length;
}
