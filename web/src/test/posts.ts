import { vi } from 'vitest';
import type { CommentItem, FollowListPerson, PostCard, PostDetail, PostPage } from '@inkwell/contract';
import { setSession } from '../lib/session';

/** A post card as the server sends it; override what a test cares about. */
export function aPost(overrides: Partial<PostCard> = {}): PostCard {
  const id = overrides.id ?? 1;
  return {
    id,
    user_id: 20,
    category_id: 1,
    title: `Post ${id}`,
    sub_title: `Subtitle ${id}`,
    image: `posts/${id}.webp`,
    read_time: 3,
    created_at: '2026-03-05T10:00:00.000Z',
    likes_count: 4,
    comments_count: 2,
    is_like: false,
    is_saved: false,
    author: { id: 20, name: 'Grace Hopper', profile_picture: null, followers_count: 12 },
    ...overrides,
  };
}

export function aPage(posts: PostCard[], next: string | null = null): PostPage {
  return { data: posts, next_page_url: next };
}

export function aComment(overrides: Partial<CommentItem> = {}): CommentItem {
  const id = overrides.id ?? 100;
  return {
    id,
    user_id: 30,
    post_id: 1,
    comments: `Comment ${id}`,
    created_at: new Date(Date.now() - 3600_000).toISOString(),
    user: { id: overrides.user_id ?? 30, name: 'Reader', profile_picture: null },
    replies: [],
    ...overrides,
  };
}

export function aPostDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  const card = aPost(overrides);
  return {
    ...card,
    description: '<p>Body text</p>',
    updated_at: card.created_at,
    user_data: { id: card.user_id, name: card.author.name, profile_picture: null },
    comments: [],
    ...overrides,
  };
}

export function signIn(id = 7): void {
  setSession(id);
}

/** A stand-in IntersectionObserver whose targets a test makes visible with `reveal()`. */
export function mockIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element>; options?: IntersectionObserverInit }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Set<Element>; options?: IntersectionObserverInit };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: new Set(), options };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    reveal(target: Element) {
      for (const observer of [...observers]) {
        if (observer.targets.has(target)) {
          observer.callback([{ isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }
    },
  };
}

/** One of a followers or following list (FollowListPerson): a member by default; `elsewhere` makes it an account elsewhere. */
export const aListPerson = (id: number, name: string | null, more: Partial<FollowListPerson> = {}): FollowListPerson => ({
  id,
  name,
  username: null,
  bio: null,
  profile_picture: null,
  followers_count: 0,
  is_following: false,
  ...more,
});
