import { plural } from '@inkwell/contract';

/** README.txt of "Download your data": what the archive holds, when it was made, how to read it. */

export interface ReadmeFacts {
  madeAt: Date;
  member: { id: number; username: string | null };
  posts: number;
  drafts: number;
  images: number;
  /** Stored paths a post or the profile uses whose file was not found. */
  missing: readonly string[];
  /** Items per file ('comments.json', …; 'following' and 'followers' for follows.json). */
  counts: Readonly<Record<string, number>>;
  publicUrl: string;
}

export function readme(facts: ReadmeFacts): string {
  const n = (file: string) => facts.counts[file] ?? 0;
  const who = facts.member.username ? `@${facts.member.username} (member ${facts.member.id})` : `member ${facts.member.id}`;
  const lines = [
    'Inkwell: your data',
    '==================',
    '',
    `This archive holds what ${who} keeps on Inkwell (${facts.publicUrl}).`,
    `It was made on ${facts.madeAt.toISOString()}.`,
    '',
    'Dates and times',
    '---------------',
    'Every date is written in ISO 8601, in UTC (the Z at the end): 2026-01-31T14:05:09.123Z is',
    '31 January 2026, 14:05:09.123 UTC. Dates that are not known are null.',
    '',
    'What is inside',
    '--------------',
    'README.txt           this file',
    'profile.json         your account: id, email, name, user name, bio, picture, how you sign in',
    '                     (never your password or your sessions), the mails you chose to get, whether',
    '                     your reading history is kept (keep_reading_history), counts',
    `posts/               ${plural(facts.posts, 'post')}, one Markdown file each: posts/<id>-<title>.md`,
    `drafts/              ${plural(facts.drafts, 'draft')} not published yet (scheduled ones too), one Markdown file each`,
    `images/              ${plural(facts.images, 'image')} your posts, drafts and profile use (WebP, as stored)`,
    `comments.json        ${plural(n('comments.json'), 'comment')} you wrote, with the post each is on`,
    `replies.json         ${plural(n('replies.json'), 'reply', 'replies')} you wrote, with the comment and post each answers`,
    `likes.json           ${plural(n('likes.json'), 'post')} you liked`,
    `saves.json           ${plural(n('saves.json'), 'post')} you saved`,
    `follows.json         "following": ${plural(n('following'), 'person', 'people')} you follow;`,
    `                     "followers": ${plural(n('followers'), 'person', 'people')} who follow you`,
    `                     (someone on another server has a "handle", such as @name@example.social)`,
    `topics.json          ${plural(n('topics.json'), 'topic')} you chose for your feed`,
    `notifications.json   ${plural(n('notifications.json'), 'notification')} you received`,
    `blocked.json         ${plural(n('blocked.json'), 'person', 'people')} you blocked, here or on other servers`,
    `banned_from_comments.json ${plural(n('banned_from_comments.json'), 'person', 'people')} you banned from commenting on your stories`,
    `help_requests.json   ${plural(n('help_requests.json'), 'request')} you sent us for help`,
    `reports.json         ${plural(n('reports.json'), 'report')} you made to the moderators: what (kind, target_id), why`,
    '                     (category, note), whether it is still open (status), when (created_at)',
    `reading_history.json ${plural(n('reading_history.json'), 'story', 'stories')} in your reading history, each with when you last opened it`,
    '                     (read_at); empty unless you turned the history on',
    `newsletter_subscribers.json ${plural(n('newsletter_subscribers.json'), 'address', 'addresses')} on your newsletter list: status (pending,`,
    '                     confirmed, unsubscribed, suppressed), source, when each asked (created_at),',
    '                     confirmed (confirmed_at) and left (ended_at)',
    `feed_tuning.json     how you tuned For you: "topics": ${plural(n('tuned topics'), 'topic')} you asked more or less of`,
    `                     (choice); "muted_authors": ${plural(n('muted authors'), 'author')} you left out of it`,
    '',
    'Posts',
    '-----',
    'Each post file starts with YAML front matter between two "---" lines: id, title, subtitle,',
    'category, created_at, updated_at, likes_count, comments_count, read_time, cover_image and url.',
    'Every value is written as JSON, which YAML reads too. cover_image is a path from the top of',
    'this archive (images/<file>.webp), or an address on the web, or null.',
    '',
    'The body follows in Markdown (CommonMark, with ~~strikethrough~~ from GitHub Flavored',
    'Markdown). Underline and text colour have no Markdown: their text is kept without them. Images',
    'in the body point at the files in images/ relative to the post file (../images/<file>.webp),',
    'so Markdown viewers show them; images from other sites keep their address.',
    '',
    'Drafts (drafts/<id>-<title>.md) are written the same way, with scheduled_for (when a scheduled',
    'draft will be published, or null) instead of the counts and url: nobody else can read them.',
    '',
    'Comments other members wrote on your posts are their words, not yours: they are not in this',
    'archive; each post says how many it has (comments_count).',
    '',
    'The JSON files',
    '--------------',
    'Each list file is a JSON array (follows.json and feed_tuning.json are objects of two arrays).',
    'Items that name a post carry its id, title and address (post_url); items that name a person carry',
    'their id, name, user name and address (profile_url). Lists are in the order of their ids, not of',
    'their dates; every item has its date (created_at; in reading_history.json, read_at).',
  ];
  if (facts.missing.length > 0) {
    lines.push(
      '',
      'Images that could not be found',
      '------------------------------',
      'These stored images are used by your posts, drafts or profile but their files were missing when this',
      'archive was made; the Markdown links to their address instead:',
      ...facts.missing.map((p) => `  ${facts.publicUrl}/storage/${p}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
