import { describe, expect, it } from 'vitest';
import { NOT_YOURS, canDeleteComment, canEditPost, ownAccount, requireAccess } from './policy.ts';

const me = { userId: 7, sessionId: 1 };

describe('the access policy', () => {
  it('lets a member act as themself only', () => {
    expect(ownAccount(me, 7)).toBe(true);
    expect(ownAccount(me, 8)).toBe(false);
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
});
