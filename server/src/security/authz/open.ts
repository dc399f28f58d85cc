import { encodeId } from '@inkwell/contract';
import { type Entry, PASSWORD, open, reader } from './kit.ts';

/** Open routes: health, stored files, feeds and sitemaps, signing up and in, topics, search, profiles and the reading feeds. */
export const OPEN_ROUTES: Readonly<Record<string, Entry>> = {
  health: open(200),
  ready: open(200),
  storedFile: open(200, { url: (s) => `/storage/${s.image}` }),
  // Feeds and sitemaps for search engines and feed readers (seo/): public, the same for everyone.
  robots: open(200),
  rss: open(200),
  rssAuthor: open(200, { url: (s) => `/rss/author/${encodeId(s.postOwner.id)}.xml` }),
  rssCategory: open(200, { url: (s) => `/rss/category/${encodeId(s.category)}.xml` }),
  sitemap: open(200),
  sitemapPages: open(200),
  sitemapPosts: open(200, { url: () => '/sitemap/posts-1.xml' }),
  sitemapPeople: open(200, { url: () => '/sitemap/people-1.xml' }),
  register: open(201, {
    body: (s) => ({ email: `newcomer${s.seq}@example.com`, password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  login: open(200, { body: (s) => ({ email: s.stranger.email, password: s.stranger.password }) }),
  google: open(200, { body: (s) => ({ credential: s.google }) }),
  resendVerification: open(200, { body: (s) => ({ email: s.stranger.email }) }),
  verifyEmail: open(303, { url: () => '/api/user/verify-email?token=not-a-token' }),
  clientConfig: open(200),
  serverRules: open(200),
  moderationYears: open(200),
  // An appeal link's token is its only authority: a forged one sees and changes nothing.
  appealStatement: open(422, { body: () => ({ token: 'not-an-appeal-token' }) }),
  appeal: open(422, { body: () => ({ token: 'not-an-appeal-token', text: 'Please look again.' }) }),
  forgotPassword: open(200, { body: (s) => ({ email: s.stranger.email }) }),
  resetPassword: open(422, {
    body: () => ({ token: 'not-a-token', password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  confirmEmail: open(303, { url: () => '/api/user/confirm-email?token=not-a-token' }),
  categories: open(200),
  categoryOptions: open(200),
  search: open(200, { body: (s) => ({ query: `Liked ${s.seq}` }) }),
  searchResults: open(200, { body: (s) => ({ query: `Liked ${s.seq}`, type: 'posts' }) }),
  getProfileData: { expect: { visitor: 200, stranger: 200, owner: 200 }, body: (s) => ({ id: s.owner.id }) },

  viewPosts: reader((_s, u) => ({ user_id: u.id })),
  categoriesName: reader((s, u) => ({ category_id: s.category, user_id: u.id })),
  authorPosts: reader((s, u) => ({ author_id: s.postOwner.id, user_id: u.id })),
  postDetails: reader((s, u) => ({ post_id: s.likedPost, user_id: u.id })),
  postsRelated: reader((s, u) => ({ id: s.theirPost, user_id: u.id })),
  recommendedPosts: { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  recommendedUsers: { ...reader((_s, u) => ({ id: u.id })), private: undefined },
  recommendedCategories: { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  // Open lists of a member (profile_id); a body user_id names the caller, so another's is 403 as on feeds.
  // The owner follows postOwner: only the owner's view of their own Following marks someone followed.
  followers: { ...reader((s, u) => ({ profile_id: s.postOwner.id, user_id: u.id })), private: undefined },
  following: { ...reader((_s, u) => ({ profile_id: u.id, user_id: u.id })), private: () => '"is_following":true' },
};
