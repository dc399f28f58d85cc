import * as contract from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import * as limits from './limits';

describe('limits mirrored from the contract', () => {
  it.each(Object.entries(limits))('%s is the contract’s', (name, value) => {
    expect(value).toBe((contract as Record<string, unknown>)[name]);
  });
});
