/** Every schema module of the contract, and nothing else: what the endpoint table names its schemas from. */
export * from './account.ts';
export * from './auth.ts';
export * from './categories.ts';
export * from './common.ts';
export * from './drafts.ts';
export * from './export.ts';
export * from './feed.ts';
export * from './help.ts';
export * from './library.ts';
export * from './newsletters.ts';
export * from './notifications.ts';
export * from './posts.ts';
export * from './search.ts';
export * from './social.ts';
export * from './stats.ts';
export * from './tuning.ts';
export * from './users.ts';
