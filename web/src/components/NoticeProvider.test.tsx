import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOTICE_COLORS, NOTICE_MS, type NoticeColor } from '@inkwell/contract';
import { NoticeProvider, useNotice } from './NoticeProvider';

function Trigger({ color }: { color: NoticeColor }) {
  const { showNotice } = useNotice();
  return <button onClick={() => showNotice(`A ${color} notice`, color)}>show</button>;
}

describe('Notice', () => {
  it('hides itself after NOTICE_MS', () => {
    vi.useFakeTimers();
    render(
      <NoticeProvider>
        <Trigger color="green" />
      </NoticeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('A green notice');
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(NOTICE_COLORS)('renders the %s colour with the right role', (color) => {
    render(
      <NoticeProvider>
        <Trigger color={color} />
      </NoticeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const role = color === 'red' || color === 'danger_light' ? 'alert' : 'status';
    expect(screen.getByRole(role)).toHaveAttribute('data-color', color);
  });
});
