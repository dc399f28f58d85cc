import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../test/render';

describe('Home', () => {
  it('shows ?message= as an info banner and removes success and message from the address', async () => {
    mockApi(() => undefined);
    const { router } = renderApp('/?success=true&message=Post%20created%20successfully!&tab=foryou');
    expect(await screen.findByTestId('home-banner')).toHaveTextContent('Post created successfully!');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=foryou'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('home-banner')).toHaveTextContent('Post created successfully!');
    expect(document.title).toBe('Home · Inkwell');
  });

  it('shows no banner without a message, and the banner can be dismissed', async () => {
    mockApi(() => undefined);
    renderApp('/?message=Hello');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByTestId('home-banner')).not.toBeInTheDocument();
  });
});
