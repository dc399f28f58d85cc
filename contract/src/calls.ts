import type { Endpoint } from './endpoint.ts';

/**
 * Every call the server answers, one export each (issue 27): `import * as endpoints` and name one,
 * `endpoints.like`. One export per call lets a bundler keep only the calls a chunk makes, so the web's
 * first load carries its few entries, not the table. The server serves each through `route()`
 * (server/src/plugins/endpoint.ts); server/src/security/endpoints.test.ts checks what it serves
 * against this list both ways, and the authorization matrix and the fuzz suite are keyed by it.
 */
export const storedFile = { method: 'GET', path: '/storage/*', access: 'open' } as const satisfies Endpoint;
export const register = { method: 'POST', path: '/api/user/register', access: 'open', rateLimit: 'register', body: 'registerBody', answer: 'messageResponse', status: 201 } as const satisfies Endpoint;
export const login = { method: 'POST', path: '/api/user/login', access: 'open', rateLimit: 'login', body: 'loginBody', answer: 'loginResponse' } as const satisfies Endpoint;
export const google = { method: 'POST', path: '/api/user/google', access: 'open', rateLimit: 'google', body: 'googleBody', answer: 'googleResponse' } as const satisfies Endpoint;
export const logout = { method: 'POST', path: '/api/user/logout', access: 'session', owns: 'account', answer: 'messageResponse' } as const satisfies Endpoint;
export const resendVerification = { method: 'POST', path: '/api/user/resend-verification', access: 'open', rateLimit: 'resendVerification', body: 'resendVerificationBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const forgotPassword = { method: 'POST', path: '/api/user/forgot-password', access: 'open', rateLimit: 'forgotPassword', body: 'forgotPasswordBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const resetPassword = { method: 'POST', path: '/api/user/reset-password', access: 'open', rateLimit: 'resetPassword', body: 'resetPasswordBody', answer: 'loginResponse' } as const satisfies Endpoint;
export const verifyEmail = { method: 'GET', path: '/api/user/verify-email', access: 'open', query: 'mailedTokenQuery' } as const satisfies Endpoint;
export const clientConfig = { method: 'GET', path: '/api/user/client-config', access: 'open', answer: 'clientConfigResponse' } as const satisfies Endpoint;
export const ownProfile = { method: 'POST', path: '/api/user/profile', access: 'session', owns: 'account', readOnly: true, body: 'profileBody', answer: 'profileResponse' } as const satisfies Endpoint;
export const updateProfile = { method: 'POST', path: '/api/user/update-profile', access: 'session', owns: 'account', body: 'updateProfileBody', file: 'profile_picture', answer: 'updateProfileResponse' } as const satisfies Endpoint;
export const getProfileData = { method: 'POST', path: '/api/user/get-profile-data', access: 'open', readOnly: true, body: 'getProfileDataBody', answer: 'getProfileDataResponse' } as const satisfies Endpoint;
export const deactivate = { method: 'POST', path: '/api/user/deactivate', access: 'session', owns: 'account', body: 'accountConfirmBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const deleteAccount = { method: 'POST', path: '/api/user/delete-account', access: 'session', owns: 'account', body: 'accountConfirmBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const confirmEmail = { method: 'GET', path: '/api/user/confirm-email', access: 'open', query: 'mailedTokenQuery' } as const satisfies Endpoint;
export const notifications = { method: 'POST', path: '/api/user/notifications', access: 'session', owns: 'account', readOnly: true, body: 'notificationsBody', answer: 'notificationsResponse' } as const satisfies Endpoint;
export const notificationsSeen = { method: 'POST', path: '/api/user/notifications/seen', access: 'session', owns: 'account', readOnly: true, body: 'notificationsSeenBody', answer: 'notificationsSeenResponse' } as const satisfies Endpoint;
export const notificationsStream = { method: 'GET', path: '/api/user/notifications/stream', access: 'session', owns: 'account', readOnly: true, stream: true, query: 'notificationsStreamQuery' } as const satisfies Endpoint;
export const unsubscribe = { method: 'POST', path: '/api/user/unsubscribe', access: 'open', body: 'unsubscribeBody', answer: 'unsubscribeResponse' } as const satisfies Endpoint;
export const newsletterSubscribe = { method: 'POST', path: '/api/user/newsletter/subscribe', access: 'reader', rateLimit: 'subscribe', body: 'newsletterSubscribeBody', answer: 'newsletterSubscribeResponse' } as const satisfies Endpoint;
export const newsletterConfirmation = { method: 'POST', path: '/api/user/newsletter/confirmation', access: 'open', readOnly: true, body: 'newsletterTokenBody', answer: 'newsletterConfirmationResponse' } as const satisfies Endpoint;
export const newsletterConfirm = { method: 'POST', path: '/api/user/newsletter/confirm', access: 'open', body: 'newsletterTokenBody', answer: 'newsletterConfirmResponse' } as const satisfies Endpoint;
export const newsletterUnsubscribe = { method: 'POST', path: '/api/user/newsletter/unsubscribe', access: 'open', body: 'newsletterUnsubscribeBody', answer: 'newsletterUnsubscribeResponse' } as const satisfies Endpoint;
export const newsletterSubscribers = { method: 'POST', path: '/api/user/newsletter/subscribers', access: 'session', owns: 'account', readOnly: true, body: 'newsletterSubscribersBody', answer: 'newsletterSubscribersResponse' } as const satisfies Endpoint;
export const newsletterExport = { method: 'POST', path: '/api/user/newsletter/subscribers/export', access: 'session', owns: 'account', readOnly: true, body: 'newsletterExportBody' } as const satisfies Endpoint;
export const newsletterSettings = { method: 'POST', path: '/api/user/newsletter/settings', access: 'session', owns: 'account', body: 'newsletterSettingsBody', answer: 'newsletterSettingsResponse' } as const satisfies Endpoint;
export const newsletterImport = { method: 'POST', path: '/api/user/newsletter/subscribers/import', access: 'session', owns: 'account', rateLimit: 'newsletterImport', body: 'newsletterImportBody', answer: 'newsletterImportResponse' } as const satisfies Endpoint;
export const newsletterMemberStatus = { method: 'POST', path: '/api/user/newsletter/member/status', access: 'session', owns: 'account', readOnly: true, body: 'newsletterMemberStatusBody', answer: 'newsletterMemberStatusResponse' } as const satisfies Endpoint;
export const newsletterMember = { method: 'POST', path: '/api/user/newsletter/member', access: 'session', owns: 'account', body: 'newsletterMemberBody', answer: 'newsletterMemberResponse' } as const satisfies Endpoint;
export const newsletterFollowing = { method: 'POST', path: '/api/user/newsletter/following', access: 'session', owns: 'account', readOnly: true, body: 'newsletterFollowingBody', answer: 'newsletterFollowingResponse' } as const satisfies Endpoint;
export const newsletterRemoveSubscriber = { method: 'POST', path: '/api/user/newsletter/subscribers/remove', access: 'session', owns: 'account', body: 'newsletterRemoveBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const addPost = { method: 'POST', path: '/api/user/add-post', access: 'session', owns: 'account', body: 'addPostBody', file: 'image', answer: 'savePostResponse', status: 201 } as const satisfies Endpoint;
export const postsUpdate = { method: 'POST', path: '/api/user/posts/update', access: 'session', owns: 'post', body: 'updatePostBody', file: 'image', answer: 'savePostResponse' } as const satisfies Endpoint;
export const postsCommentsFrom = { method: 'POST', path: '/api/user/posts/comments-from', access: 'session', owns: 'post', body: 'commentsFromBody', answer: 'commentsFromResponse' } as const satisfies Endpoint;
export const deletePosts = { method: 'POST', path: '/api/user/delete-posts', access: 'session', owns: 'post', body: 'deletePostBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const uploadImage = { method: 'POST', path: '/api/user/upload-image', access: 'session', owns: 'account', body: 'uploadImageFields', file: 'image', answer: 'uploadImageResponse', status: 201 } as const satisfies Endpoint;
export const draftsSave = { method: 'POST', path: '/api/user/drafts/save', access: 'session', owns: 'draft', body: 'saveDraftBody', answer: 'draftResponse' } as const satisfies Endpoint;
export const drafts = { method: 'POST', path: '/api/user/drafts', access: 'session', owns: 'account', readOnly: true, body: 'draftsBody', answer: 'draftsResponse' } as const satisfies Endpoint;
export const draftsDetails = { method: 'POST', path: '/api/user/drafts/details', access: 'session', owns: 'draft', readOnly: true, body: 'draftIdBody', answer: 'draftDetailsResponse' } as const satisfies Endpoint;
export const draftsDelete = { method: 'POST', path: '/api/user/drafts/delete', access: 'session', owns: 'draft', body: 'draftIdBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const draftsPublish = { method: 'POST', path: '/api/user/drafts/publish', access: 'session', owns: 'draft', body: 'publishDraftBody', answer: 'savePostResponse', status: 201 } as const satisfies Endpoint;
export const draftsSchedule = { method: 'POST', path: '/api/user/drafts/schedule', access: 'session', owns: 'draft', body: 'scheduleDraftBody', answer: 'draftResponse' } as const satisfies Endpoint;
export const draftsPreview = { method: 'POST', path: '/api/user/drafts/preview', access: 'session', owns: 'draft', body: 'draftPreviewBody', answer: 'draftResponse' } as const satisfies Endpoint;
export const draftPreview = { method: 'POST', path: '/api/user/draft-preview', access: 'open', readOnly: true, body: 'previewBody', answer: 'draftPreviewResponse' } as const satisfies Endpoint;
export const viewPosts = { method: 'POST', path: '/api/user/view-posts', access: 'reader', readOnly: true, body: 'viewPostsBody', query: 'cursorQuery', answer: 'postPage' } as const satisfies Endpoint;
export const followingPosts = { method: 'POST', path: '/api/user/following/posts', access: 'session', owns: 'account', readOnly: true, body: 'followingPostsBody', query: 'cursorQuery', answer: 'postPage' } as const satisfies Endpoint;
export const categoriesName = { method: 'POST', path: '/api/user/categories-name', access: 'reader', readOnly: true, body: 'categoryPostsBody', query: 'cursorQuery', answer: 'categoryPostsResponse' } as const satisfies Endpoint;
export const authorPosts = { method: 'POST', path: '/api/user/author-posts', access: 'reader', readOnly: true, body: 'authorPostsBody', query: 'cursorQuery', answer: 'postPage' } as const satisfies Endpoint;
export const savedPosts = { method: 'POST', path: '/api/user/saved-posts', access: 'session', owns: 'account', readOnly: true, body: 'savedPostsBody', query: 'cursorQuery', answer: 'postPage' } as const satisfies Endpoint;
export const postDetails = { method: 'POST', path: '/api/user/post/details', access: 'reader', readOnly: true, body: 'postDetailsBody', answer: 'postDetailsResponse' } as const satisfies Endpoint;
export const postsRelated = { method: 'POST', path: '/api/user/posts/related', access: 'reader', readOnly: true, body: 'relatedPostsBody', answer: 'relatedPostsResponse' } as const satisfies Endpoint;
export const recommendedPosts = { method: 'POST', path: '/api/user/recommended-posts', access: 'reader', readOnly: true, body: 'recommendedPostsBody', answer: 'recommendedPostsResponse' } as const satisfies Endpoint;
export const recommendedUsers = { method: 'POST', path: '/api/user/recommended-users', access: 'reader', readOnly: true, body: 'recommendedUsersBody', answer: 'recommendedUsersResponse' } as const satisfies Endpoint;
export const feedTuning = { method: 'POST', path: '/api/user/feed-tuning', access: 'session', owns: 'account', readOnly: true, body: 'feedTuningBody', answer: 'feedTuningResponse' } as const satisfies Endpoint;
export const feedTuningSet = { method: 'POST', path: '/api/user/feed-tuning/set', access: 'session', owns: 'account', body: 'feedTuningSetBody', answer: 'feedTuningSetResponse' } as const satisfies Endpoint;
export const feedTuningReset = { method: 'POST', path: '/api/user/feed-tuning/reset', access: 'session', owns: 'account', body: 'feedTuningResetBody', answer: 'feedTuningResetResponse' } as const satisfies Endpoint;
export const categories = { method: 'GET', path: '/api/user/categories', access: 'open', answer: 'categoriesResponse' } as const satisfies Endpoint;
export const categoryOptions = { method: 'GET', path: '/api/user/category', access: 'open', answer: 'categoryOptionsResponse' } as const satisfies Endpoint;
export const userCategories = { method: 'POST', path: '/api/user/user-categories', access: 'session', owns: 'account', readOnly: true, body: 'userCategoriesBody', answer: 'userCategoriesResponse' } as const satisfies Endpoint;
export const selectedCategory = { method: 'POST', path: '/api/user/selected-category', access: 'session', owns: 'account', body: 'selectCategoryBody', answer: 'selectCategoryResponse' } as const satisfies Endpoint;
export const resetCategories = { method: 'POST', path: '/api/user/reset-categories', access: 'session', owns: 'account', body: 'resetCategoriesBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const recommendedCategories = { method: 'POST', path: '/api/user/recommended-categories', access: 'reader', readOnly: true, body: 'recommendedCategoriesBody', answer: 'recommendedCategoriesResponse' } as const satisfies Endpoint;
export const like = { method: 'POST', path: '/api/user/like', access: 'session', owns: 'account', body: 'likeBody', answer: 'likeResponse' } as const satisfies Endpoint;
export const postsSave = { method: 'POST', path: '/api/user/posts/save', access: 'session', owns: 'account', body: 'saveBody', answer: 'saveResponse' } as const satisfies Endpoint;
export const comment = { method: 'POST', path: '/api/user/comment', access: 'session', owns: 'account', body: 'commentBody', answer: 'commentCreatedResponse' } as const satisfies Endpoint;
export const replies = { method: 'POST', path: '/api/user/replies', access: 'session', owns: 'account', body: 'replyBody', answer: 'commentCreatedResponse' } as const satisfies Endpoint;
export const commentDelete = { method: 'POST', path: '/api/user/comment-delete', access: 'session', owns: 'comment', body: 'deleteByIdBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const replyDelete = { method: 'POST', path: '/api/user/reply-delete', access: 'session', owns: 'comment', body: 'deleteByIdBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const writingHide = { method: 'POST', path: '/api/user/comments/hide', access: 'session', owns: 'story', body: 'hideWritingBody', answer: 'hideWritingResponse' } as const satisfies Endpoint;
export const followUnfollow = { method: 'POST', path: '/api/user/follow-unfollow', access: 'session', owns: 'account', body: 'followBody', answer: 'followResponse' } as const satisfies Endpoint;
export const isFollowing = { method: 'POST', path: '/api/user/is-following', access: 'session', owns: 'account', readOnly: true, body: 'isFollowingBody', answer: 'followResponse' } as const satisfies Endpoint;
export const followers = { method: 'POST', path: '/api/user/followers', access: 'reader', readOnly: true, body: 'followListBody', query: 'cursorQuery', answer: 'followListPage' } as const satisfies Endpoint;
export const removeFollower = { method: 'POST', path: '/api/user/followers/remove', access: 'session', owns: 'account', body: 'removeFollowerBody', answer: 'messageResponse' } as const satisfies Endpoint;
export const following = { method: 'POST', path: '/api/user/following', access: 'reader', readOnly: true, body: 'followListBody', query: 'cursorQuery', answer: 'followListPage' } as const satisfies Endpoint;
export const block = { method: 'POST', path: '/api/user/block', access: 'session', owns: 'account', body: 'blockBody', answer: 'blockResponse' } as const satisfies Endpoint;
export const commentBanSet = { method: 'POST', path: '/api/user/comment-bans/set', access: 'session', owns: 'account', body: 'commentBanBody', answer: 'commentBanResponse' } as const satisfies Endpoint;
export const commentBans = { method: 'POST', path: '/api/user/comment-bans', access: 'session', owns: 'account', readOnly: true, body: 'commentBansBody', answer: 'commentBansResponse' } as const satisfies Endpoint;
export const blockedUsers = { method: 'POST', path: '/api/user/blocked-users', access: 'session', owns: 'account', readOnly: true, body: 'blockedUsersBody', answer: 'blockedUsersResponse' } as const satisfies Endpoint;
export const search = { method: 'POST', path: '/api/user/search', access: 'reader', readOnly: true, rateLimit: 'search', body: 'searchBody', answer: 'searchResponse' } as const satisfies Endpoint;
export const searchResults = { method: 'POST', path: '/api/user/search/results', access: 'reader', readOnly: true, rateLimit: 'search', body: 'searchResultsBody', answer: 'searchResultsResponse' } as const satisfies Endpoint;
export const help = { method: 'POST', path: '/api/user/help', access: 'session', owns: 'account', readOnly: true, rateLimit: 'help', body: 'helpBody', answer: 'messageResponse', status: 201 } as const satisfies Endpoint;
export const report = { method: 'POST', path: '/api/user/report', access: 'session', owns: 'account', rateLimit: 'report', body: 'reportBody', answer: 'reportResponse', status: 201 } as const satisfies Endpoint;
export const reportTarget = { method: 'POST', path: '/api/user/report/target', access: 'session', owns: 'account', readOnly: true, body: 'reportTargetBody', answer: 'reportTargetResponse' } as const satisfies Endpoint;
export const serverRules = { method: 'GET', path: '/api/user/rules', access: 'open', readOnly: true, answer: 'serverRulesResponse' } as const satisfies Endpoint;
/** Addition (issue 47, ADR 0107): the moderators' work year by year, for everybody: reports, held writings, decisions by kind, appeals. */
export const moderationYears = { method: 'GET', path: '/api/user/moderation', access: 'open', readOnly: true, answer: 'moderationYearsResponse' } as const satisfies Endpoint;
/** Addition (issue 47, ADR 0103): the action an appeal link is about, and the appeal made; an appeal, by the link's token (no session: a suspended member cannot sign in). */
export const appealStatement = { method: 'POST', path: '/api/user/appeal/statement', access: 'open', readOnly: true, body: 'appealTokenBody', answer: 'appealStatementResponse' } as const satisfies Endpoint;
export const appeal = { method: 'POST', path: '/api/user/appeal', access: 'open', rateLimit: 'appeal', body: 'appealBody', answer: 'appealResponse', status: 201 } as const satisfies Endpoint;
export const myReports = { method: 'POST', path: '/api/user/reports', access: 'session', owns: 'account', readOnly: true, body: 'myReportsBody', query: 'cursorQuery', answer: 'myReportsResponse' } as const satisfies Endpoint;

/** Addition (issue 47, ADR 0105): the moderation console — the queue of cases, one case with its context, a decision on one case or many. */
export const modCases = { method: 'POST', path: '/api/mod/cases', access: 'session', staff: 'manageReports', readOnly: true, body: 'modCasesBody', query: 'cursorQuery', answer: 'modCasesResponse' } as const satisfies Endpoint;
export const modCase = { method: 'POST', path: '/api/mod/case', access: 'session', staff: 'manageReports', readOnly: true, body: 'modCaseBody', answer: 'modCaseResponse' } as const satisfies Endpoint;
export const modAccount = { method: 'POST', path: '/api/mod/account', access: 'session', staff: 'manageReports', readOnly: true, body: 'modAccountBody', answer: 'modAccountResponse' } as const satisfies Endpoint;
export const modResolve = { method: 'POST', path: '/api/mod/cases/resolve', access: 'session', staff: 'manageReports', body: 'modResolveBody', answer: 'modResolveResponse' } as const satisfies Endpoint;
/** Addition (issue 47, ADR 0105): the audit log in the console, by moderator, action, kind, server and days, and the same as CSV. */
export const modAudit = { method: 'POST', path: '/api/mod/audit', access: 'session', staff: 'viewAuditLog', readOnly: true, body: 'modAuditBody', query: 'cursorQuery', answer: 'modAuditResponse' } as const satisfies Endpoint;
export const modAuditCsv = { method: 'GET', path: '/api/mod/audit.csv', access: 'session', staff: 'viewAuditLog', readOnly: true, query: 'modAuditCsvQuery' } as const satisfies Endpoint;
/** Addition (issue 47, ADR 0106): appeals in the console, and a moderator's answer with reasons. */
export const modAppeals = { method: 'POST', path: '/api/mod/appeals', access: 'session', staff: 'manageAppeals', readOnly: true, body: 'modAppealsBody', query: 'cursorQuery', answer: 'modAppealsResponse' } as const satisfies Endpoint;
export const modAppealAnswer = { method: 'POST', path: '/api/mod/appeals/answer', access: 'session', staff: 'manageAppeals', body: 'modAppealAnswerBody', answer: 'modAppealAnswerResponse' } as const satisfies Endpoint;
export const modServers = { method: 'POST', path: '/api/mod/servers', access: 'session', staff: 'manageFederation', readOnly: true, answer: 'modServersResponse' } as const satisfies Endpoint;
export const modServerSave = { method: 'POST', path: '/api/mod/servers/save', access: 'session', staff: 'manageFederation', body: 'modServerSaveBody', answer: 'modServerSaveResponse' } as const satisfies Endpoint;
export const modServerRemove = { method: 'POST', path: '/api/mod/servers/remove', access: 'session', staff: 'manageFederation', body: 'modServerRemoveBody', answer: 'modServerRemoveResponse' } as const satisfies Endpoint;
export const modServersImport = { method: 'POST', path: '/api/mod/servers/import', access: 'session', staff: 'manageFederation', body: 'modServersImportBody', answer: 'modServersImportResponse' } as const satisfies Endpoint;
export const modServersCsv = { method: 'GET', path: '/api/mod/servers.csv', access: 'session', staff: 'manageFederation', readOnly: true } as const satisfies Endpoint;
/** Addition (issue 47, ADR 0110): the members' help requests in the console, answered in place. */
export const modHelp = { method: 'POST', path: '/api/mod/help', access: 'session', staff: 'manageUsers', readOnly: true, body: 'modHelpBody', query: 'cursorQuery', answer: 'modHelpResponse' } as const satisfies Endpoint;
export const modHelpAnswer = { method: 'POST', path: '/api/mod/help/answer', access: 'session', staff: 'manageUsers', body: 'modHelpAnswerBody', answer: 'modHelpAnswerResponse' } as const satisfies Endpoint;
export const statsView = { method: 'POST', path: '/api/user/stats/view', access: 'reader', readOnly: true, rateLimit: 'stats', body: 'statsBeaconBody' } as const satisfies Endpoint;
export const statsRead = { method: 'POST', path: '/api/user/stats/read', access: 'reader', readOnly: true, rateLimit: 'stats', body: 'statsBeaconBody' } as const satisfies Endpoint;
export const stats = { method: 'POST', path: '/api/user/stats', access: 'session', owns: 'account', readOnly: true, body: 'statsBody', answer: 'statsResponse' } as const satisfies Endpoint;
export const statsPost = { method: 'POST', path: '/api/user/stats/post', access: 'session', owns: 'post', readOnly: true, body: 'postStatsBody', answer: 'postStatsResponse' } as const satisfies Endpoint;
export const history = { method: 'POST', path: '/api/user/history', access: 'session', owns: 'account', readOnly: true, body: 'historyBody', answer: 'historyResponse' } as const satisfies Endpoint;
export const historyAdd = { method: 'POST', path: '/api/user/history/add', access: 'session', owns: 'account', readOnly: true, rateLimit: 'history', body: 'historyAddBody' } as const satisfies Endpoint;
export const historySettings = { method: 'POST', path: '/api/user/history/settings', access: 'session', owns: 'account', body: 'historySettingsBody', answer: 'historySettingsResponse' } as const satisfies Endpoint;
export const historyRemove = { method: 'POST', path: '/api/user/history/remove', access: 'session', owns: 'account', body: 'historyRemoveBody', answer: 'historyChangeResponse' } as const satisfies Endpoint;
export const historyClear = { method: 'POST', path: '/api/user/history/clear', access: 'session', owns: 'account', body: 'historyClearBody', answer: 'historyChangeResponse' } as const satisfies Endpoint;
export const librarySearch = { method: 'POST', path: '/api/user/library/search', access: 'session', owns: 'account', readOnly: true, rateLimit: 'search', body: 'librarySearchBody', answer: 'librarySearchResponse' } as const satisfies Endpoint;
export const exportData = { method: 'POST', path: '/api/user/export-data', access: 'session', owns: 'account', readOnly: true, rateLimit: 'exportData', body: 'exportDataBody' } as const satisfies Endpoint;
export const unsubscribeOneClick = { method: 'POST', path: '/unsubscribe', access: 'open', query: 'unsubscribeQuery', answer: 'unsubscribeResponse' } as const satisfies Endpoint;
export const newsletterUnsubscribeOneClick = { method: 'POST', path: '/newsletter/unsubscribe', access: 'open', query: 'newsletterUnsubscribeQuery', answer: 'newsletterUnsubscribeResponse' } as const satisfies Endpoint;
export const robots = { method: 'GET', path: '/robots.txt', access: 'open' } as const satisfies Endpoint;
export const rss = { method: 'GET', path: '/rss.xml', access: 'open' } as const satisfies Endpoint;
export const rssAuthor = { method: 'GET', path: '/rss/author/:sqid.xml', access: 'open' } as const satisfies Endpoint;
export const rssCategory = { method: 'GET', path: '/rss/category/:catogary.xml', access: 'open' } as const satisfies Endpoint;
export const sitemap = { method: 'GET', path: '/sitemap.xml', access: 'open' } as const satisfies Endpoint;
export const sitemapPages = { method: 'GET', path: '/sitemap/pages.xml', access: 'open' } as const satisfies Endpoint;
export const sitemapPosts = { method: 'GET', path: '/sitemap/posts-:n.xml', access: 'open' } as const satisfies Endpoint;
export const sitemapPeople = { method: 'GET', path: '/sitemap/people-:n.xml', access: 'open' } as const satisfies Endpoint;
export const webfinger = { method: 'GET', path: '/.well-known/webfinger', access: 'open' } as const satisfies Endpoint;
export const nodeinfoLinks = { method: 'GET', path: '/.well-known/nodeinfo', access: 'open' } as const satisfies Endpoint;
export const nodeinfo = { method: 'GET', path: '/nodeinfo/2.1', access: 'open' } as const satisfies Endpoint;
export const actor = { method: 'GET', path: '/ap/users/:identifier', access: 'open' } as const satisfies Endpoint;
export const actorOutbox = { method: 'GET', path: '/ap/users/:identifier/outbox', access: 'open' } as const satisfies Endpoint;
export const article = { method: 'GET', path: '/ap/posts/:id', access: 'open' } as const satisfies Endpoint;
export const actorFollowers = { method: 'GET', path: '/ap/users/:identifier/followers', access: 'open' } as const satisfies Endpoint;
// An inbox only queues what it verified (readOnly: its post drops no cached page); the queue's listener
// that changes what pages show drops them itself, once it has (server/src/federation/inbox.ts).
export const actorInbox = { method: 'POST', path: '/ap/users/:identifier/inbox', access: 'open', readOnly: true, rateLimit: 'federationInbox' } as const satisfies Endpoint;
export const sharedInbox = { method: 'POST', path: '/ap/inbox', access: 'open', readOnly: true, rateLimit: 'federationInbox' } as const satisfies Endpoint;
export const fediverseNote = { method: 'GET', path: '/ap/notes/:id', access: 'open' } as const satisfies Endpoint;
export const lookupAccount = { method: 'POST', path: '/api/user/fediverse-accounts/lookup', access: 'session', owns: 'account', rateLimit: 'fediverseFollow', body: 'lookupAccountBody', answer: 'lookupAccountResponse' } as const satisfies Endpoint;
export const actorFollowing = { method: 'GET', path: '/ap/users/:identifier/following', access: 'open' } as const satisfies Endpoint;
export const remoteFollow = { method: 'POST', path: '/api/user/remote-follow', access: 'open', readOnly: true, rateLimit: 'remoteFollow', body: 'remoteFollowBody', answer: 'remoteFollowResponse' } as const satisfies Endpoint;
export const health = { method: 'GET', path: '/api/health', access: 'open' } as const satisfies Endpoint;
export const ready = { method: 'GET', path: '/api/ready', access: 'open' } as const satisfies Endpoint;
