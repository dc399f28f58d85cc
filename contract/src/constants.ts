/**
 * Constants of SPEC.md §5 and §9, in one place so the server and the web app agree.
 * Each carries a line of why; texts are kept exactly as the specification writes them (typos included).
 */

/** Password field length bounds at login and signup (SPEC §5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 30;
/** 8+ characters, only letters, digits and !@#$%^&*, with at least one of each kind (SPEC §5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,}$/;
export const PASSWORD_HINT = 'Password must contain at least one letter, one number, and one special character (e.g., !@#$%^&*), and be at least 8 characters long.';

/** How long the eye toggle reveals the password (SPEC §2 Login, §9). */
export const PASSWORD_REVEAL_MS = 700;
/** Notice popups hide themselves after this long (SPEC §2 Notices, §9). */
export const NOTICE_MS = 5000;
/** 'Code Copied!' stays this long (SPEC §9). */
export const COPY_NOTICE_MS = 2000;
/** Delay before leaving the edit screen after a successful update (SPEC §4, §9). */
export const POST_UPDATE_REDIRECT_MS = 2000;
/** Search is sent this long after typing stops (SPEC §2 Search, §9). */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Infinite scroll sentinel: 50 px high, must be fully visible (SPEC §2 Home feed, §9). */
export const SENTINEL_HEIGHT_PX = 50;
export const SENTINEL_THRESHOLD = 1;
/** Notifications shown at first and added per Load More, per type (SPEC §9). */
export const NOTIFICATIONS_STEP = 5;
/** Reading speed behind read_time (SPEC §5, §9). */
export const WORDS_PER_MINUTE = 100;
/** Feed pages hold this many posts (DESIGN: lists). */
export const PAGE_SIZE = 10;

/** Texts the user sees, exactly as SPEC §2, §5 and §8 give them. */
export const TEXT = {
  passwordMismatchSignup: "pasword didn't match",
  passwordMismatchSettings: 'Passwords do not match.',
  loginFailedDefault: 'please fill the details carefully !',
  notVerifiedDefault: 'Your email is not verified',
  googleFailed: "Google didn't respond",
  shareUnsupported: 'Sharing is not supported on this browser.',
  selectCategory: 'Please select a category.',
  postCreated: 'Post created successfully!',
  postCreateFailed: 'Failed to create post.',
  postUpdated: 'Post updated successfully!',
  postUpdateFailed: 'Failed to update post.',
  codeCopied: 'Code Copied!',
  postSaved: 'Post Saved',
  postUnsaved: 'Post removed from saved folder',
  verifiedTitle: 'Your email is not verified. Please verify your email.',
  verifiedLinkSent: 'A link has been sent to your registered email to verify your email.',
  notFoundTitle: 'Oops! Page Not Found.',
  noPosts: 'No posts available.',
  noPostsToShow: 'No posts to show',
  noCategories: 'No categories available',
  noComments: 'No comments to show',
  noDescription: 'No description available',
  undefinedAuthor: 'Undefined author!',
  titleMissing: 'Title not available',
  subTitleMissing: 'Sub-title not available',
  dateMissing: 'date not found',
  anonymous: 'Anonymous',
  invalidEmail: 'Invalid email',
  // Additions (not in the spec): forgot / reset password.
  /** The answer to every forgot-password request, whether or not the address has an account. */
  resetLinkSent: 'If an account uses this email, a link to choose a new password is on its way. It works for 1 hour. Check your spam folder if it does not arrive.',
  resetLinkInvalid: 'This password reset link is invalid, was already used or has expired. Please ask for a new one.',
  passwordResetDone: 'Your password has been changed and you are signed in. Every other device has been signed out.',
  passwordResetReactivated: 'Your password has been changed and your account is active again: your profile, posts and comments are back. Every other device has been signed out.',
  // Additions (not in the spec): the first hour of a new member.
  /** Share on a browser without the share function, once the link is on the clipboard. */
  linkCopied: 'Link copied',
  /** What a cover or body image may be (the server's 415 for another type says the same). */
  imageTypesAccepted: 'The image must be a JPEG, PNG, WebP, GIF or AVIF file.',
  // Additions (not in the spec): the account's life.
  /** The login answer when a deactivated account signs in again (the web app shows it as a notice). */
  accountReactivated: 'Welcome back! Your account is active again: your profile, posts and comments are back.',
} as const;

/** How long a mailed password reset link works (an addition: forgot / reset password). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Image fallbacks (SPEC §8). */
export const DEFAULT_USER_IMAGE = '/images/default-user.webp';
export const DEFAULT_POST_IMAGE = '/images/default-post.jpg';

/** Notice colours (SPEC §2 Notices). */
export const NOTICE_COLORS = ['success_light', 'danger_light', 'warning_light', 'info_light', 'red', 'green'] as const;
export type NoticeColor = (typeof NOTICE_COLORS)[number];

/** Feed tab values (SPEC §4; 'catogery' is the specification's spelling). */
export const FEED_TABS = ['foryou', 'following', 'catogery'] as const;
export type FeedTab = (typeof FEED_TABS)[number];
