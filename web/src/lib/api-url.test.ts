import { describe, expect, it } from 'vitest';
import { ApiError, apiUrl } from './api-client';

describe('apiUrl', () => {
  it('puts call names under /api/user/', () => {
    expect(apiUrl('view-posts')).toBe('/api/user/view-posts');
    expect(apiUrl('/post/details')).toBe('/api/user/post/details');
  });

  it('keeps a next_page_url path as the server gave it', () => {
    expect(apiUrl('/api/user/view-posts?cursor=abc')).toBe('/api/user/view-posts?cursor=abc');
    expect(apiUrl(`${window.location.origin}/api/user/categories-name?cursor=x`)).toBe('/api/user/categories-name?cursor=x');
  });

  it('refuses another site', () => {
    expect(() => apiUrl('https://evil.example/api/user/view-posts')).toThrow(ApiError);
    expect(apiUrl('//evil.example/x')).toBe('/api/user/evil.example/x');
  });
});
