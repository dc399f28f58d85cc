import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NoticeProvider, useNotice, useNoticeScreen } from './NoticeProvider';

function Layout() {
  useNoticeScreen(useLocation().pathname);
  return <Outlet />;
}

function Screen({ name }: { name: string }) {
  const { showNotice } = useNotice();
  return (
    <div>
      <h1>{name}</h1>
      <button onClick={() => showNotice(`Said on ${name}`, 'success_light')}>say</button>
      <button onClick={() => showNotice(`Carried from ${name}`, 'success_light', { carry: true })}>say and carry</button>
      <Link to="/b">to b</Link>
      <Link to="/c">to c</Link>
      <Link to="/a?tab=following">same screen, other query</Link>
    </div>
  );
}

function renderScreens() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: ['a', 'b', 'c'].map((name) => ({ path: `/${name}`, element: <Screen name={name} /> })),
      },
      { path: '/outside', element: <Screen name="outside" /> },
    ],
    { initialEntries: ['/a'] },
  );
  render(
    <NoticeProvider>
      <RouterProvider router={router} />
    </NoticeProvider>,
  );
  return router;
}

describe('Notices and screens', () => {
  it('a notice stays on its screen (a query change included) and goes when the member moves to another', async () => {
    renderScreens();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'say' }));
    expect(screen.getByRole('status')).toHaveTextContent('Said on a');
    await user.click(screen.getByRole('link', { name: 'same screen, other query' }));
    expect(screen.getByRole('status')).toHaveTextContent('Said on a');
    await user.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByRole('heading', { name: 'b' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // One shown on the new screen stays there.
    await user.click(screen.getByRole('button', { name: 'say' }));
    expect(screen.getByRole('status')).toHaveTextContent('Said on b');
  });

  it('a carried notice goes along once (it explains the move), then stays behind like any other', async () => {
    renderScreens();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'say and carry' }));
    await user.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByRole('heading', { name: 'b' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carried from a');
    await user.click(screen.getByRole('link', { name: 'to c' }));
    expect(await screen.findByRole('heading', { name: 'c' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a notice shown outside the reporting layout (the sign-in screens) goes once a screen inside opens', async () => {
    const router = renderScreens();
    const user = userEvent.setup();
    await act(() => router.navigate('/outside'));
    await user.click(screen.getByRole('button', { name: 'say' }));
    expect(screen.getByRole('status')).toHaveTextContent('Said on outside');
    await act(() => router.navigate('/a'));
    expect(await screen.findByRole('heading', { name: 'a' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
