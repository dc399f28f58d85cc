import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, setSession } from './session';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session cookie', () => {
  afterEach(async () => {
    clearSession();
    await nextTask();
  });

  it('is read once per task, and a change made elsewhere shows from the next task on', async () => {
    await nextTask();
    expect(getSession()).toBeNull();
    document.cookie = 'id=41; path=/'; // another tab signing in
    expect(getSession()).toBeNull();
    await nextTask();
    expect(getSession()).toEqual({ id: '41' });
  });

  it('changes at once when this tab signs in or out', async () => {
    await nextTask();
    expect(getSession()).toBeNull();
    setSession(7);
    expect(getSession()).toEqual({ id: '7' });
    clearSession();
    expect(getSession()).toBeNull();
  });
});
