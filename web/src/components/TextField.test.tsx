import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

/** A form as the auth screens write it: controlled fields, the submit reading the state. */
function Form({ onSubmit }: { onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(email);
      }}
    >
      <TextField label="Email" name="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('TextField on a server-rendered page', () => {
  it('keeps what the reader typed before the app started: the state takes it, the next render keeps it, the submit sends it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const sent: string[] = [];
    container.innerHTML = renderToString(<Form onSubmit={(email) => sent.push(email)} />);
    const input = container.querySelector('input')!;
    input.value = 'ada@example.com'; // typed while the scripts were still loading

    const root = await act(async () => hydrateRoot(container, <Form onSubmit={(email) => sent.push(email)} />));
    expect(input.value).toBe('ada@example.com');
    await act(async () => container.querySelector('button')!.click());
    expect(sent).toEqual(['ada@example.com']);
    expect(input.value).toBe('ada@example.com');
    act(() => root.unmount());
    container.remove();
  });
});
