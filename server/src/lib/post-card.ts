import type { FeedReason, PostCard, WrittenElsewhere } from '@inkwell/contract';

/**
 * A post card as every list reads it (the feeds, the reading history): its row, and the card the
 * contract gives the web app. Shared by the features that list posts, which write their own SQL.
 */
export interface CardRow {
  id: number;
  user_id: number;
  /** Null for a story of an account elsewhere. */
  category_id: number | null;
  title: string;
  sub_title: string;
  image: string | null;
  /** The cover's intrinsic size from the image ledger; null without a cover or for one stored before sizes were. */
  image_width: number | null;
  image_height: number | null;
  read_time: number;
  created_at: string;
  likes_count: number;
  comments_count: number;
  author_name: string | null;
  author_picture: string | null;
  author_followers: number;
  /** 0 when the author deactivated their account: their posts then show nowhere. */
  author_active: number | boolean;
  is_like: number | boolean;
  is_saved: number | boolean;
  /** A story of an account elsewhere: its page there, and its author's domain, handle, picture and profile there (all null for a member's post). */
  story_url: string | null;
  author_domain: string | null;
  author_handle: string | null;
  author_icon: string | null;
  author_url: string | null;
}

/** An author's columns as a story, comment or reply reads them: its row of users' domain, handle, picture and profile there, and the original's page. */
export interface AuthorElsewhereColumns {
  domain: string | null;
  handle: string | null;
  icon_url: string | null;
  profile_url: string | null;
  url: string | null;
  /** What /block names it by: its row of users (a comment's or reply's only). */
  account_id?: number | string | null;
}

/** What a story, comment or reply says of the account elsewhere that wrote it (its row of users has a domain), or null: a member's. */
export function writtenElsewhere(author: AuthorElsewhereColumns): WrittenElsewhere | null {
  if (author.domain === null) return null;
  const named = author.account_id === undefined ? {} : { account_id: author.account_id === null ? null : Number(author.account_id) };
  return { handle: author.handle ?? `@${author.domain}`, icon_url: author.icon_url, profile_url: author.profile_url, url: author.url, ...named };
}

/** What a card says of a story of an account elsewhere, or null: a member's. */
const elsewhereOf = (row: CardRow): WrittenElsewhere | null =>
  writtenElsewhere({ domain: row.author_domain, handle: row.author_handle, icon_url: row.author_icon, profile_url: row.author_url, url: row.story_url });

export const truthy = (value: number | boolean) => value === true || value === 1;

/** The viewer's own likes and saves among a page's posts, when they were looked up apart from the rows. */
export interface ViewerFlags {
  liked: ReadonlySet<number>;
  saved: ReadonlySet<number>;
}

/** A card; `reason` only on For you (null in every other list). */
export function toCard(row: CardRow, flags?: ViewerFlags, reason: FeedReason | null = null): PostCard {
  return {
    id: row.id,
    user_id: row.user_id,
    category_id: row.category_id,
    title: row.title,
    sub_title: row.sub_title,
    image: row.image,
    image_width: row.image_width,
    image_height: row.image_height,
    read_time: row.read_time,
    created_at: row.created_at,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    is_like: flags ? flags.liked.has(row.id) : truthy(row.is_like),
    is_saved: flags ? flags.saved.has(row.id) : truthy(row.is_saved),
    author: { id: row.user_id, name: row.author_name, profile_picture: row.author_picture, followers_count: row.author_followers },
    elsewhere: elsewhereOf(row),
    reason,
  };
}
