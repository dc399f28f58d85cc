import type { CommentsFrom } from './comments-from.ts';

/*
 * The words of who may comment on a story (issue 47, ADR 0115): a module of their own, so that only
 * the chunk that shows them (the writer's choice, the line for a reader who may not) carries them.
 */

/** The writer's choices, as the story's menu and the settings name them. */
export const COMMENTS_FROM_CHOICES: Record<CommentsFrom, string> = {
  anyone: 'Anyone',
  followers: 'Your followers',
  subscribers: 'Your subscribers',
  nobody: 'Nobody',
};

/** Where the comment box would be, and the refusal of a comment or reply, for one who may not. */
export const COMMENTS_CLOSED: Record<Exclude<CommentsFrom, 'anyone'>, string> = {
  followers: 'Only people who follow the writer can comment on this story.',
  subscribers: "Only the writer's newsletter subscribers can comment on this story.",
  nobody: 'The writer has turned off comments on this story.',
};

/** Where the comment box would be, and the refusal, for a reader the writer banned from their stories' comments (ADR 0116). */
export const COMMENTS_BANNED = 'The writer has stopped you from commenting on their stories.';
