import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_HINT, PASSWORD_PATTERN, PASSWORD_REVEAL_MS } from '@inkwell/contract';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('reveals the text for 700 ms, then hides it again', () => {
    vi.useFakeTimers();
    render(<PasswordField label="Password" defaultValue="abc123!@" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    fireEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(input).toHaveAttribute('type', 'text');

    act(() => vi.advanceTimersByTime(PASSWORD_REVEAL_MS - 1));
    expect(input).toHaveAttribute('type', 'text');
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('carries the rules of SPEC §5 and shows the hint', () => {
    render(<PasswordField label="Password" hint={PASSWORD_HINT} />);
    const input = screen.getByLabelText('Password');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('minlength', '6');
    expect(input).toHaveAttribute('maxlength', '30');
    expect(input).toHaveAttribute('pattern', PASSWORD_PATTERN.source);
    expect(input).toHaveAccessibleDescription(PASSWORD_HINT);
  });
});
