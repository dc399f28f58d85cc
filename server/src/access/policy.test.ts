import { describe, expect, it } from 'vitest';
import { NOT_YOURS, actingFor, canDeleteComment, canEditPost, ownAccount, requireAccess, requireOwner } from './policy.ts';

const me = { userId: 7, sessionId: 1 };

describe('the access policy', () => {
  it('lets a member act as themself only', () => {
    expect(ownAccount(me, 7)).toBe(true);
    expect(ownAccount(me, 8)).toBe(false);
  });

  it('makes the member a service acts for only for the caller themself (403 for anyone else)', () => {
    expect(actingFor(me)).toBe(7);
    expect(actingFor(me, 7)).toBe(7);
    expect(() => actingFor(me, 8)).toThrow(NOT_YOURS);
  });

  it('lets a post be changed by its author alone', () => {
    expect(canEditPost(me, { user_id: 7 })).toBe(true);
    expect(canEditPost(me, { user_id: 8 })).toBe(false);
  });

  it("lets a comment be deleted by its author or the post's owner, nobody else (SPEC §6)", () => {
    expect(canDeleteComment(me, { user_id: 7, post_owner_id: 8 })).toBe(true);
    expect(canDeleteComment(me, { user_id: 8, post_owner_id: 7 })).toBe(true);
    expect(canDeleteComment(me, { user_id: 8, post_owner_id: 9 })).toBe(false);
  });

  it('answers every refusal with one 403 and one wording', () => {
    expect(() => requireAccess(true)).not.toThrow();
    expect(() => requireAccess(false)).toThrow(expect.objectContaining({ name: 'HttpError', statusCode: 403, message: NOT_YOURS }));
  });

  it("applies the endpoint table's owns: a change to another's post or comment is the 403; another's draft, or a post's numbers read, not found", () => {
    expect(() => requireOwner('post', me, { user_id: 7 })).not.toThrow();
    expect(() => requireOwner('post', me, { user_id: 8 })).toThrow(expect.objectContaining({ statusCode: 403, message: NOT_YOURS }));
    expect(() => requireOwner('post', me, { user_id: 7 }, true)).not.toThrow();
    expect(() => requireOwner('post', me, { user_id: 8 }, true)).toThrow(expect.objectContaining({ statusCode: 404, message: 'Post not found.' }));
    expect(() => requireOwner('comment', me, { user_id: 8, post_owner_id: 7 })).not.toThrow();
    expect(() => requireOwner('comment', me, { user_id: 8, post_owner_id: 9 })).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => requireOwner('comment', me, { user_id: 8 })).toThrow(/post's owner/);
    expect(() => requireOwner('draft', me, { user_id: 7 })).not.toThrow();
    expect(() => requireOwner('draft', me, { user_id: 8 })).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
