import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { aProfile, mockApi, renderApp } from '../../test/render';
import { aPage, mockIntersectionObserver, signIn } from '../../test/posts';

/** Counts the loads of the welcome panel's code (a chunk of its own in the browser). */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./components/WelcomePanel', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

function api(name: string | null) {
  return mockApi((path) => {
    if (path === 'profile') return { body: { user: { ...aProfile, id: 9, name } } };
    if (path === 'view-posts') return { body: aPage([]) };
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  mockIntersectionObserver();
});

describe("the welcome panel's code", () => {
  it('is not fetched for a member who has a name, and is for one who has none', async () => {
    signIn(9);
    api('Named Already');
    const named = renderApp('/');
    await screen.findByText(TEXT.noPosts);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    named.unmount();

    api(null);
    renderApp('/');
    expect(await screen.findByTestId('welcome')).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });
});
