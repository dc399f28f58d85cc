import type { CommentsFrom } from '@inkwell/contract';
import type { Generated } from 'kysely';

/** What is written: topics and members' choices of them, posts, drafts and the stored images they use. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  /** Members who chose it (migration 0022), kept with user_categories' rows. */
  followers_count: Generated<number>;
  created_at: string;
}

export interface UserCategoriesTable {
  user_id: number;
  category_id: number;
  created_at: string;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  /** Null only for a story of an account elsewhere (migration 0055: the CHECK posts_from_elsewhere). */
  category_id: number | null;
  title: string;
  sub_title: string;
  description: string;
  image: string | null;
  read_time: Generated<number>;
  /** The body's text for search (migration 0019): written with the row by the posts repository. */
  body_text: Generated<string>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /**
   * A story of an account elsewhere (migration 0055): its object id (unique) and its page on its own
   * server; both null for a member's post. `ap_id IS NULL` is what "a post of this site" says.
   */
  ap_id: Generated<string | null>;
  url: Generated<string | null>;
  /** Who may comment on it (migration 0077, ADR 0115): its writer's choice, from theirs for new stories when published. */
  comments_from: Generated<CommentsFrom>;
}

/** Every file under /storage; a post_images row needs one (foreign key). */
export interface StoredImagesTable {
  path: string;
  /** When it was last uploaded (re-uploading the same bytes renews it): newer files are never removed. */
  uploaded_at: string;
  /** Intrinsic size in pixels, recorded on upload; null for files stored before sizes were (until the sweep measures them). */
  width: number | null;
  height: number | null;
}

/** A post in the making (migration 0017): in no feed, search or count until it is published. */
export interface DraftsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  sub_title: string;
  category_id: number | null;
  description: string;
  image: string | null;
  /** While scheduled: when it is published (ISO, UTC). */
  publish_at: string | null;
  /** While its secret preview link works. */
  preview_token: string | null;
  /** 1: "Publish and email" (the default), 0: "Publish only" (migration 0027). */
  email_subscribers: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The stored images a draft uses (cover and body), kept from the sweep like post_images. */
export interface DraftImagesTable {
  draft_id: number;
  path: string;
}

/** A stored image (path under /storage) that a post references: its cover or an image of its body. */
export interface PostImagesTable {
  post_id: number;
  path: string;
}
