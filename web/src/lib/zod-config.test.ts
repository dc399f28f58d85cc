import './zod-config';
import { z } from 'zod';
import { postPage } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('takes the setting zod-config.ts leaves before zod loads', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });

  it('parses without new Function', () => {
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct: () => {
        throw new Error('new Function() called');
      },
    });
    try {
      expect(postPage.safeParse({ data: [], next_page_url: null }).success).toBe(true);
    } finally {
      globalThis.Function = original;
    }
  });
});
