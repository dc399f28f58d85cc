/**
 * What a page's JavaScript may weigh, gzipped (level 9): 150 KB. scripts/bundle-budget.test.ts holds
 * the home and a post page's first load to it (the chunks the build's manifest says they load at once;
 * issue 26: React 19's runtime is ~66 KB of it), e2e/bundle-budget.e2e.ts everything those pages fetch
 * in Chromium until the network is idle, for a visitor and a member (issue 45).
 */
export const JS_BUDGET = 150 * 1024;
