/* The audit log's words: what the common kinds of action are called, and what an entry may be on. */

/** What an action of the log did, in words (a kind not named here shows as it is on file). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'case.decide': 'Decided a case',
  'case.forward': 'Sent a case to its server',
  'account.suspend': 'Suspended an account',
  'account.unsuspend': 'Lifted a suspension',
  'account.no-comments': 'Stopped comments',
  'account.comments-allow': 'Allowed comments again',
  'account.limit': 'Limited an account',
  'account.unlimit': 'Lifted a limit',
  'role.grant': 'Gave a role',
  'role.revoke': 'Took a role',
  'domain.block': 'Blocked a server',
  'domain.unblock': 'Unblocked a server',
  'writing.hide': 'Hid writing',
  'writing.unhide': 'Unhid writing',
  'writer.hide': 'A writer hid a comment on their story',
  'writer.unhide': 'A writer showed a comment again',
  'writer.comments': 'A writer changed who may comment on their story',
  'writer.ban': 'A writer banned a reader from commenting on their stories',
  'writer.unban': 'A writer lifted a ban from their stories',
  'rule.add': 'Added a rule',
  'rule.edit': 'Changed a rule',
  'rule.remove': 'Removed a rule',
  'preset.set': 'Set a preset',
  'preset.remove': 'Removed a preset',
  'appeal.decide': 'Answered an appeal',
  'watch.add': 'Watched a term',
  'watch.set': 'Watched a term',
  'watch.remove': 'Stopped watching a term',
};

/** The words of an action, or undefined for a kind without them (it shows as it is on file). */
export const auditActionLabel = (action: string): string | undefined => (Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action] : undefined);

/** What an entry may be on (the log's `target_kind`), as the filter offers it. */
export const AUDIT_TARGET_KINDS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'account', label: 'account' },
  { value: 'post', label: 'post' },
  { value: 'comment', label: 'comment' },
  { value: 'reply', label: 'reply' },
  { value: 'domain', label: 'domain' },
  { value: 'rule', label: 'rule' },
  { value: 'case', label: 'case' },
  { value: 'appeal', label: 'appeal' },
  { value: 'preset', label: 'preset' },
  { value: 'watched-term', label: 'watched term' },
];

/** A kind of target in words ('watched-term': "watched term"). */
export const targetKindWords = (kind: string) => AUDIT_TARGET_KINDS.find((k) => k.value === kind)?.label ?? kind;
