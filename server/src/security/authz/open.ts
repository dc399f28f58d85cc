import { encodeId } from '@inkwell/contract';
import { type Entry, PASSWORD, open, reader } from './kit.ts';

/** Open routes: health, stored files, feeds and sitemaps, signing up and in, topics, search, profiles and the reading feeds. */
export const OPEN_ROUTES: Readonly<Record<string, Entry>> = {
  'GET /api/health': open(200),
  'GET /api/ready': open(200),
  'GET /storage/*': open(200, { url: (s) => `/storage/${s.image}` }),
  // Feeds and sitemaps for search engines and feed readers (seo/): public, the same for everyone.
  'GET /robots.txt': open(200),
  'GET /rss.xml': open(200),
  'GET /rss/author/:sqid.xml': open(200, { url: (s) => `/rss/author/${encodeId(s.postOwner.id)}.xml` }),
  'GET /rss/category/:catogary.xml': open(200, { url: (s) => `/rss/category/${encodeId(s.category)}.xml` }),
  'GET /sitemap.xml': open(200),
  'GET /sitemap/pages.xml': open(200),
  'GET /sitemap/posts-:n.xml': open(200, { url: () => '/sitemap/posts-1.xml' }),
  'GET /sitemap/people-:n.xml': open(200, { url: () => '/sitemap/people-1.xml' }),
  'POST /api/user/register': open(201, {
    body: (s) => ({ email: `newcomer${s.seq}@example.com`, password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  'POST /api/user/login': open(200, { body: (s) => ({ email: s.stranger.email, password: s.stranger.password }) }),
  'POST /api/user/google': open(200, { body: (s) => ({ credential: s.google }) }),
  'POST /api/user/resend-verification': open(200, { body: (s) => ({ email: s.stranger.email }) }),
  'GET /api/user/verify-email': open(303, { url: () => '/api/user/verify-email?token=not-a-token' }),
  'GET /api/user/client-config': open(200),
  'POST /api/user/forgot-password': open(200, { body: (s) => ({ email: s.stranger.email }) }),
  'POST /api/user/reset-password': open(422, {
    body: () => ({ token: 'not-a-token', password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  'GET /api/user/confirm-email': open(303, { url: () => '/api/user/confirm-email?token=not-a-token' }),
  'GET /api/user/categories': open(200),
  'GET /api/user/category': open(200),
  'POST /api/user/search': open(200, { body: (s) => ({ query: `Liked ${s.seq}` }) }),
  'POST /api/user/search/results': open(200, { body: (s) => ({ query: `Liked ${s.seq}`, type: 'posts' }) }),
  'POST /api/user/get-profile-data': { access: 'open', expect: { visitor: 200, stranger: 200, owner: 200 }, body: (s) => ({ id: s.owner.id }) },

  'POST /api/user/view-posts': reader((_s, u) => ({ user_id: u.id })),
  'POST /api/user/categories-name': reader((s, u) => ({ category_id: s.category, user_id: u.id })),
  'POST /api/user/author-posts': reader((s, u) => ({ author_id: s.postOwner.id, user_id: u.id })),
  'POST /api/user/post/details': reader((s, u) => ({ post_id: s.likedPost, user_id: u.id })),
  'POST /api/user/posts/related': reader((s, u) => ({ id: s.theirPost, user_id: u.id })),
  'POST /api/user/recommended-posts': { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  'POST /api/user/recommended-users': { ...reader((_s, u) => ({ id: u.id })), private: undefined },
  'POST /api/user/recommended-categories': { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  // Open lists of a member (profile_id); a body user_id names the caller, so another's is 403 as on feeds.
  // The owner follows postOwner: only the owner's view of their own Following marks someone followed.
  'POST /api/user/followers': { ...reader((s, u) => ({ profile_id: s.postOwner.id, user_id: u.id })), private: undefined },
  'POST /api/user/following': { ...reader((_s, u) => ({ profile_id: u.id, user_id: u.id })), private: () => '"is_following":true' },
};
