import { encodeId } from './ids.ts';

/**
 * The route table of SPEC §2: each screen's path pattern and how to build a link to it, so the id
 * encoding lives in one place. `access`: open, session (else /login), or owner (checked by the screen).
 */
export const paths = {
  home: { path: '/', access: 'open', getHref: () => '/' },
  login: { path: '/login', access: 'open', getHref: () => '/login' },
  signup: { path: '/signup', access: 'open', getHref: () => '/signup' },
  verified: { path: '/verified', access: 'open', getHref: () => '/verified' },
  /** Additions: the Login screen's Forgot password link, and the page its mailed link opens. */
  forgotPassword: { path: '/forgot-password', access: 'open', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    access: 'open',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  /** Addition: the page a notification mail's unsubscribe link opens (no session needed). */
  unsubscribe: {
    path: '/unsubscribe',
    access: 'open',
    getHref: (token?: string) => (token ? `/unsubscribe?token=${encodeURIComponent(token)}` : '/unsubscribe'),
  },
  /** Addition (issue 29): the page a newsletter's confirmation mail opens; only its button (a POST) confirms. */
  newsletterConfirm: {
    path: '/newsletter/confirm',
    access: 'open',
    getHref: (token?: string) => (token ? `/newsletter/confirm?token=${encodeURIComponent(token)}` : '/newsletter/confirm'),
  },
  /** Addition (issue 29): the page every newsletter mail's unsubscribe link opens; `done` once its button worked. */
  newsletterUnsubscribe: {
    path: '/newsletter/unsubscribe',
    access: 'open',
    getHref: (token?: string, done = false) => (token ? `/newsletter/unsubscribe?token=${encodeURIComponent(token)}${done ? '&done=1' : ''}` : '/newsletter/unsubscribe'),
  },
  /** With a draft's id: the editor continues that draft (issue 13), on any device. */
  createPost: {
    path: '/createpost',
    access: 'session',
    getHref: (draftId?: number) => (draftId === undefined ? '/createpost' : `/createpost?draft=${encodeURIComponent(encodeId(draftId))}`),
  },
  /** Addition (issue 13): a draft shown through its secret preview link, to anyone holding it. */
  draftPreview: { path: '/preview/:token', access: 'open', getHref: (token: string) => `/preview/${encodeURIComponent(token)}` },
  /** Addition (issue 13): the search results page, a tab per kind (posts unless told). */
  search: {
    path: '/search',
    access: 'open',
    getHref: (query = '', type: 'posts' | 'people' | 'topics' = 'posts') => `/search?q=${encodeURIComponent(query)}${type === 'posts' ? '' : `&type=${type}`}`,
  },
  notifications: { path: '/notifications', access: 'session', getHref: () => '/notifications' },
  profile: { path: '/profile', access: 'session', getHref: () => '/profile' },
  saved: { path: '/saved', access: 'session', getHref: () => '/saved' },
  library: { path: '/yourposts', access: 'session', getHref: () => '/yourposts' },
  /** Addition (issue 13): a writer's numbers; with a post's id, that post's chart is open. */
  /** Addition (issue 29): a writer's newsletter list. */
  subscribers: { path: '/subscribers', access: 'session', getHref: () => '/subscribers' },
  stats: {
    path: '/stats',
    access: 'session',
    getHref: (postId?: number) => (postId === undefined ? '/stats' : `/stats?post=${encodeURIComponent(encodeId(postId))}`),
  },
  settings: { path: '/settings', access: 'session', getHref: () => '/settings' },
  help: { path: '/help', access: 'session', getHref: () => '/help' },
  recommendation: { path: '/recommendation', access: 'session', getHref: () => '/recommendation' },
  /** A reader's report of a story, comment, reply or account (issue 47): its form, which works before the app's scripts. */
  report: {
    path: '/report/:kind/:id',
    access: 'session',
    getHref: (kind: 'post' | 'comment' | 'reply' | 'account', id: number) => `/report/${kind}/${encodeURIComponent(encodeId(id))}`,
  },
  /** The server's rules, for everybody (issue 47). */
  rules: { path: '/rules', access: 'open', getHref: () => '/rules' },
  /** Addition (issue 47, ADR 0107): how the moderators acted, year by year (counts only), for everybody. */
  moderation: { path: '/moderation', access: 'open', getHref: () => '/moderation' },
  /** Addition (issue 47): the page a moderators' statement mail links to, to appeal the action (no session needed). */
  appeal: { path: '/appeal', access: 'open', getHref: (token?: string) => (token ? `/appeal?token=${encodeURIComponent(token)}` : '/appeal') },
  /** The reader's own reports and where each stands; `reported` shows the receipt of the one just made. */
  reports: { path: '/reports', access: 'session', getHref: (reported?: number) => (reported === undefined ? '/reports' : `/reports?reported=${reported}`) },
  /**
   * Addition (issue 47, ADR 0105): the moderation console, for staff — the queue of cases (open, or
   * `resolved`; of one kind), and one case with its context and the decision's form. Case numbers are
   * the command line's (`case:show ID`), so they are not encoded.
   */
  mod: {
    path: '/mod',
    access: 'session',
    getHref: (filter: { status?: 'open' | 'resolved'; kind?: 'post' | 'comment' | 'reply' | 'account' } = {}) => {
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined && v !== 'open') as Array<[string, string]>).toString();
      return query ? `/mod?${query}` : '/mod';
    },
  },
  modCase: { path: '/mod/cases/:id', access: 'session', getHref: (caseId: number) => `/mod/cases/${caseId}` },
  /** One account in the console (a member or an account elsewhere): what is in force on it, its past, its server. */
  modAccount: { path: '/mod/accounts/:id', access: 'session', getHref: (accountId: number) => `/mod/accounts/${accountId}` },
  /** The appeals in the console: open (oldest first) or `answered`; each answered on the list (a plain form per appeal). */
  modAppeals: { path: '/mod/appeals', access: 'session', getHref: (status: 'open' | 'answered' = 'open') => (status === 'open' ? '/mod/appeals' : '/mod/appeals?status=answered') },
  /** The servers elsewhere in the console: their blocks, each changed or lifted in place, a Mastodon CSV imported (plain forms). */
  modServers: { path: '/mod/servers', access: 'session', getHref: () => '/mod/servers' },
  /** The members' help requests in the console: open (oldest first) or `answered`; each answered on the list (a plain form per request). */
  modHelp: { path: '/mod/help', access: 'session', getHref: (status: 'open' | 'answered' = 'open') => (status === 'open' ? '/mod/help' : '/mod/help?status=answered') },
  /** The audit log in the console, its filters in the query (a plain GET form). */
  modAudit: {
    path: '/mod/audit',
    access: 'session',
    getHref: (filter: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();
      return query ? `/mod/audit?${query}` : '/mod/audit';
    },
  },
  categoryPosts: {
    path: '/recommended/:catogary',
    access: 'session',
    getHref: (categoryId: number) => `/recommended/${encodeURIComponent(encodeId(categoryId))}`,
  },
  viewProfile: {
    path: '/view-profile/:id',
    access: 'open',
    getHref: (userId: number) => `/view-profile/${encodeURIComponent(encodeId(userId))}`,
  },
  viewPost: {
    path: '/view-post/:id',
    access: 'open',
    getHref: (postId: number) => `/view-post/${encodeURIComponent(encodeId(postId))}`,
  },
  editPost: { path: '/edit-post/:id', access: 'owner', getHref: (postId: number) => `/edit-post/${postId}` },
  /** SPEC §4 sends the writer to /posts after an update, though §2 has no such screen: it opens the Library. */
  postsAlias: { path: '/posts', access: 'session', getHref: () => '/posts' },
} as const;

export type PathName = keyof typeof paths;

/** The sign-in pages: coming back to one of them after signing in makes no sense (home instead). */
const AUTH_PAGES = new Set(['/login', '/signup', '/verified']);

/**
 * A `next` page (where login returns to) when it is a path of this site, else null: never another
 * origin (`//evil.test`, `/\evil.test`), never a sign-in page, never absurdly long.
 */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const pathname = next.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.has(pathname.replace(/\/$/, '') || '/') ? null : next;
}
