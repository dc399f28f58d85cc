import type { ZodType } from 'zod';
import type * as schemas from './schemas/all.ts';

type Schemas = typeof schemas;
/** The name of a schema the contract exports. */
export type ContractSchemaName = { [K in keyof Schemas]: Schemas[K] extends ZodType ? K : never }[keyof Schemas];

/**
 * One call the server answers: how it is reached, who may make it, and its schemas by name (so that
 * this table stays out of a page's first load: the schemas come with the first call).
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /**
   * 'session': a signed-in member only (401 otherwise; a body's user_id must be the caller's, 403);
   * 'reader': anyone, the session read when there is one (a bad one reads as a visitor); 'open': anyone,
   * no session read. Who owns what a call changes is the service's to ask (server/src/access/policy.ts).
   */
  access: 'open' | 'reader' | 'session';
  /** A POST that only reads: it leaves the caches alone. */
  readOnly?: boolean;
  /** The per-address limit it counts against (the server's `RATE_LIMIT_<NAME>`). */
  rateLimit?: string;
  /** A long-lived answer (Server-Sent Events). */
  stream?: boolean;
  /** The JSON or form body; with `file`, the text fields of a multipart body whose file part is `file`. */
  body?: ContractSchemaName;
  file?: string;
  query?: ContractSchemaName;
  /** The success answer (none: not JSON, or nothing to check). */
  answer?: ContractSchemaName;
  /** The success status when it is not 200 (201: something was created). */
  status?: 201;
}

/**
 * Every call the server answers, one entry each (issue 27). The server's served routes are checked
 * against it (server/src/security/endpoints.test.ts: method, path, access, limits and every schema,
 * both ways), and so is the authorization matrix. Next: the server registers its routes from it and
 * the web calls `api(endpoints.x, body)`.
 */
export const endpoints = {
  storedFile: { method: 'GET', path: '/storage/*', access: 'open' },
  register: { method: 'POST', path: '/api/user/register', access: 'open', rateLimit: 'register', body: 'registerBody', answer: 'messageResponse', status: 201 },
  login: { method: 'POST', path: '/api/user/login', access: 'open', rateLimit: 'login', body: 'loginBody', answer: 'loginResponse' },
  google: { method: 'POST', path: '/api/user/google', access: 'open', rateLimit: 'google', body: 'googleBody', answer: 'googleResponse' },
  logout: { method: 'POST', path: '/api/user/logout', access: 'session', answer: 'messageResponse' },
  resendVerification: { method: 'POST', path: '/api/user/resend-verification', access: 'open', rateLimit: 'resendVerification', body: 'resendVerificationBody', answer: 'messageResponse' },
  forgotPassword: { method: 'POST', path: '/api/user/forgot-password', access: 'open', rateLimit: 'forgotPassword', body: 'forgotPasswordBody', answer: 'messageResponse' },
  resetPassword: { method: 'POST', path: '/api/user/reset-password', access: 'open', rateLimit: 'resetPassword', body: 'resetPasswordBody', answer: 'loginResponse' },
  verifyEmail: { method: 'GET', path: '/api/user/verify-email', access: 'open', query: 'mailedTokenQuery' },
  clientConfig: { method: 'GET', path: '/api/user/client-config', access: 'open', answer: 'clientConfigResponse' },
  ownProfile: { method: 'POST', path: '/api/user/profile', access: 'session', readOnly: true, body: 'profileBody', answer: 'profileResponse' },
  updateProfile: { method: 'POST', path: '/api/user/update-profile', access: 'session', body: 'updateProfileBody', file: 'profile_picture', answer: 'updateProfileResponse' },
  getProfileData: { method: 'POST', path: '/api/user/get-profile-data', access: 'open', readOnly: true, body: 'getProfileDataBody', answer: 'getProfileDataResponse' },
  deactivate: { method: 'POST', path: '/api/user/deactivate', access: 'session', body: 'accountConfirmBody', answer: 'messageResponse' },
  deleteAccount: { method: 'POST', path: '/api/user/delete-account', access: 'session', body: 'accountConfirmBody', answer: 'messageResponse' },
  confirmEmail: { method: 'GET', path: '/api/user/confirm-email', access: 'open', query: 'mailedTokenQuery' },
  notifications: { method: 'POST', path: '/api/user/notifications', access: 'session', readOnly: true, body: 'notificationsBody', answer: 'notificationsResponse' },
  notificationsSeen: { method: 'POST', path: '/api/user/notifications/seen', access: 'session', readOnly: true, body: 'notificationsSeenBody', answer: 'notificationsSeenResponse' },
  notificationsStream: { method: 'GET', path: '/api/user/notifications/stream', access: 'session', readOnly: true, stream: true, query: 'notificationsStreamQuery' },
  unsubscribe: { method: 'POST', path: '/api/user/unsubscribe', access: 'open', body: 'unsubscribeBody', answer: 'unsubscribeResponse' },
  addPost: { method: 'POST', path: '/api/user/add-post', access: 'session', body: 'addPostBody', file: 'image', answer: 'savePostResponse', status: 201 },
  postsUpdate: { method: 'POST', path: '/api/user/posts/update', access: 'session', body: 'updatePostBody', file: 'image', answer: 'savePostResponse' },
  deletePosts: { method: 'POST', path: '/api/user/delete-posts', access: 'session', body: 'deletePostBody', answer: 'messageResponse' },
  uploadImage: { method: 'POST', path: '/api/user/upload-image', access: 'session', body: 'uploadImageFields', file: 'image', answer: 'uploadImageResponse', status: 201 },
  draftsSave: { method: 'POST', path: '/api/user/drafts/save', access: 'session', body: 'saveDraftBody', answer: 'draftResponse' },
  drafts: { method: 'POST', path: '/api/user/drafts', access: 'session', readOnly: true, body: 'draftsBody', answer: 'draftsResponse' },
  draftsDetails: { method: 'POST', path: '/api/user/drafts/details', access: 'session', readOnly: true, body: 'draftIdBody', answer: 'draftDetailsResponse' },
  draftsDelete: { method: 'POST', path: '/api/user/drafts/delete', access: 'session', body: 'draftIdBody', answer: 'messageResponse' },
  draftsPublish: { method: 'POST', path: '/api/user/drafts/publish', access: 'session', body: 'draftIdBody', answer: 'savePostResponse', status: 201 },
  draftsSchedule: { method: 'POST', path: '/api/user/drafts/schedule', access: 'session', body: 'scheduleDraftBody', answer: 'draftResponse' },
  draftsPreview: { method: 'POST', path: '/api/user/drafts/preview', access: 'session', body: 'draftPreviewBody', answer: 'draftResponse' },
  draftPreview: { method: 'POST', path: '/api/user/draft-preview', access: 'open', readOnly: true, body: 'previewBody', answer: 'draftPreviewResponse' },
  viewPosts: { method: 'POST', path: '/api/user/view-posts', access: 'reader', readOnly: true, body: 'viewPostsBody', query: 'cursorQuery', answer: 'postPage' },
  followingPosts: { method: 'POST', path: '/api/user/following/posts', access: 'session', readOnly: true, body: 'followingPostsBody', query: 'cursorQuery', answer: 'postPage' },
  categoriesName: { method: 'POST', path: '/api/user/categories-name', access: 'reader', readOnly: true, body: 'categoryPostsBody', query: 'cursorQuery', answer: 'categoryPostsResponse' },
  authorPosts: { method: 'POST', path: '/api/user/author-posts', access: 'reader', readOnly: true, body: 'authorPostsBody', query: 'cursorQuery', answer: 'postPage' },
  savedPosts: { method: 'POST', path: '/api/user/saved-posts', access: 'session', readOnly: true, body: 'savedPostsBody', query: 'cursorQuery', answer: 'postPage' },
  postDetails: { method: 'POST', path: '/api/user/post/details', access: 'reader', readOnly: true, body: 'postDetailsBody', answer: 'postDetailsResponse' },
  postsRelated: { method: 'POST', path: '/api/user/posts/related', access: 'reader', readOnly: true, body: 'relatedPostsBody', answer: 'relatedPostsResponse' },
  recommendedPosts: { method: 'POST', path: '/api/user/recommended-posts', access: 'reader', readOnly: true, body: 'recommendedPostsBody', answer: 'recommendedPostsResponse' },
  recommendedUsers: { method: 'POST', path: '/api/user/recommended-users', access: 'reader', readOnly: true, body: 'recommendedUsersBody', answer: 'recommendedUsersResponse' },
  feedTuning: { method: 'POST', path: '/api/user/feed-tuning', access: 'session', readOnly: true, body: 'feedTuningBody', answer: 'feedTuningResponse' },
  feedTuningSet: { method: 'POST', path: '/api/user/feed-tuning/set', access: 'session', body: 'feedTuningSetBody', answer: 'feedTuningSetResponse' },
  feedTuningReset: { method: 'POST', path: '/api/user/feed-tuning/reset', access: 'session', body: 'feedTuningResetBody', answer: 'feedTuningResetResponse' },
  categories: { method: 'GET', path: '/api/user/categories', access: 'open', answer: 'categoriesResponse' },
  categoryOptions: { method: 'GET', path: '/api/user/category', access: 'open', answer: 'categoryOptionsResponse' },
  userCategories: { method: 'POST', path: '/api/user/user-categories', access: 'session', readOnly: true, body: 'userCategoriesBody', answer: 'userCategoriesResponse' },
  selectedCategory: { method: 'POST', path: '/api/user/selected-category', access: 'session', body: 'selectCategoryBody', answer: 'selectCategoryResponse' },
  resetCategories: { method: 'POST', path: '/api/user/reset-categories', access: 'session', body: 'resetCategoriesBody', answer: 'messageResponse' },
  recommendedCategories: { method: 'POST', path: '/api/user/recommended-categories', access: 'reader', readOnly: true, body: 'recommendedCategoriesBody', answer: 'recommendedCategoriesResponse' },
  like: { method: 'POST', path: '/api/user/like', access: 'session', body: 'likeBody', answer: 'likeResponse' },
  postsSave: { method: 'POST', path: '/api/user/posts/save', access: 'session', body: 'saveBody', answer: 'saveResponse' },
  comment: { method: 'POST', path: '/api/user/comment', access: 'session', body: 'commentBody', answer: 'commentCreatedResponse' },
  replies: { method: 'POST', path: '/api/user/replies', access: 'session', body: 'replyBody', answer: 'commentCreatedResponse' },
  commentDelete: { method: 'POST', path: '/api/user/comment-delete', access: 'session', body: 'deleteByIdBody', answer: 'messageResponse' },
  replyDelete: { method: 'POST', path: '/api/user/reply-delete', access: 'session', body: 'deleteByIdBody', answer: 'messageResponse' },
  followUnfollow: { method: 'POST', path: '/api/user/follow-unfollow', access: 'session', body: 'followBody', answer: 'followResponse' },
  isFollowing: { method: 'POST', path: '/api/user/is-following', access: 'session', readOnly: true, body: 'isFollowingBody', answer: 'followResponse' },
  followers: { method: 'POST', path: '/api/user/followers', access: 'reader', readOnly: true, body: 'followListBody', query: 'cursorQuery', answer: 'followListPage' },
  following: { method: 'POST', path: '/api/user/following', access: 'reader', readOnly: true, body: 'followListBody', query: 'cursorQuery', answer: 'followListPage' },
  block: { method: 'POST', path: '/api/user/block', access: 'session', body: 'blockBody', answer: 'blockResponse' },
  blockedUsers: { method: 'POST', path: '/api/user/blocked-users', access: 'session', readOnly: true, body: 'blockedUsersBody', answer: 'blockedUsersResponse' },
  search: { method: 'POST', path: '/api/user/search', access: 'reader', readOnly: true, rateLimit: 'search', body: 'searchBody', answer: 'searchResponse' },
  searchResults: { method: 'POST', path: '/api/user/search/results', access: 'reader', readOnly: true, rateLimit: 'search', body: 'searchResultsBody', answer: 'searchResultsResponse' },
  help: { method: 'POST', path: '/api/user/help', access: 'session', readOnly: true, rateLimit: 'help', body: 'helpBody', answer: 'messageResponse', status: 201 },
  statsView: { method: 'POST', path: '/api/user/stats/view', access: 'reader', readOnly: true, rateLimit: 'stats', body: 'statsBeaconBody' },
  statsRead: { method: 'POST', path: '/api/user/stats/read', access: 'reader', readOnly: true, rateLimit: 'stats', body: 'statsBeaconBody' },
  stats: { method: 'POST', path: '/api/user/stats', access: 'session', readOnly: true, body: 'statsBody', answer: 'statsResponse' },
  statsPost: { method: 'POST', path: '/api/user/stats/post', access: 'session', readOnly: true, body: 'postStatsBody', answer: 'postStatsResponse' },
  history: { method: 'POST', path: '/api/user/history', access: 'session', readOnly: true, body: 'historyBody', answer: 'historyResponse' },
  historyAdd: { method: 'POST', path: '/api/user/history/add', access: 'session', readOnly: true, rateLimit: 'history', body: 'historyAddBody' },
  historySettings: { method: 'POST', path: '/api/user/history/settings', access: 'session', body: 'historySettingsBody', answer: 'historySettingsResponse' },
  historyRemove: { method: 'POST', path: '/api/user/history/remove', access: 'session', body: 'historyRemoveBody', answer: 'historyChangeResponse' },
  historyClear: { method: 'POST', path: '/api/user/history/clear', access: 'session', body: 'historyClearBody', answer: 'historyChangeResponse' },
  librarySearch: { method: 'POST', path: '/api/user/library/search', access: 'session', readOnly: true, rateLimit: 'search', body: 'librarySearchBody', answer: 'librarySearchResponse' },
  exportData: { method: 'POST', path: '/api/user/export-data', access: 'session', readOnly: true, rateLimit: 'exportData', body: 'exportDataBody' },
  unsubscribeOneClick: { method: 'POST', path: '/unsubscribe', access: 'open', query: 'unsubscribeQuery', answer: 'unsubscribeResponse' },
  robots: { method: 'GET', path: '/robots.txt', access: 'open' },
  rss: { method: 'GET', path: '/rss.xml', access: 'open' },
  rssAuthor: { method: 'GET', path: '/rss/author/:sqid.xml', access: 'open' },
  rssCategory: { method: 'GET', path: '/rss/category/:catogary.xml', access: 'open' },
  sitemap: { method: 'GET', path: '/sitemap.xml', access: 'open' },
  sitemapPages: { method: 'GET', path: '/sitemap/pages.xml', access: 'open' },
  sitemapPosts: { method: 'GET', path: '/sitemap/posts-:n.xml', access: 'open' },
  sitemapPeople: { method: 'GET', path: '/sitemap/people-:n.xml', access: 'open' },
  health: { method: 'GET', path: '/api/health', access: 'open' },
  ready: { method: 'GET', path: '/api/ready', access: 'open' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
