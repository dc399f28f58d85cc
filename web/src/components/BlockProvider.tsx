import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { TEXT } from '@inkwell/contract';
import { useSession } from '../lib/session';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import { useBlock, useIsBlocked } from './use-block';

interface Person {
  id: number;
  name: string | null;
}

interface BlockApi {
  /** Asks once more, then blocks (the dialog lives here, so a closing hover card or menu cannot lose it). */
  askToBlock: (person: Person) => void;
}

const BlockContext = createContext<BlockApi | null>(null);

/** The one Block confirmation of the app, opened from a profile, an author's card or a comment. */
export function BlockProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [asking, setAsking] = useState<Person | null>(null);
  const askToBlock = useCallback((person: Person) => setAsking(person), []);
  const api = useMemo(() => ({ askToBlock }), [askToBlock]);
  return (
    <BlockContext value={api}>
      {children}
      {session && asking && <BlockDialog viewerId={session.id} person={asking} onClose={() => setAsking(null)} />}
    </BlockContext>
  );
}

function BlockDialog({ viewerId, person, onClose }: { viewerId: string; person: Person; onClose: () => void }) {
  const block = useBlock(viewerId);
  const name = person.name?.trim() || TEXT.anonymous;
  return (
    <LazyConfirmDialog
      open
      title={`Block ${name}?`}
      message="You will stop following each other. They will not be able to follow you or comment on your posts, and you will not see their posts, comments or notifications. You can unblock them at any time."
      confirmLabel="Block"
      busy={block.isPending}
      onCancel={onClose}
      onConfirm={() => block.mutate({ userId: person.id, block: true }, { onSettled: onClose })}
    />
  );
}

export function useAskToBlock(): BlockApi['askToBlock'] {
  const api = useContext(BlockContext);
  if (!api) throw new Error('useAskToBlock() needs a <BlockProvider> above it');
  return api.askToBlock;
}

/**
 * 'Block' (asked once more) or 'Unblock' for a signed-in reader looking at someone else; nothing for a
 * visitor or for the reader themselves.
 */
export function BlockToggle({ person, className }: { person: Person; className: string }) {
  const session = useSession();
  const viewerId = session && Number(session.id) !== person.id ? session.id : null;
  const blocked = useIsBlocked(viewerId, person.id);
  const ask = useAskToBlock();
  const unblock = useBlock(viewerId ?? '0');
  if (!viewerId) return null;
  const name = person.name?.trim() || TEXT.anonymous;
  return blocked ? (
    <button type="button" className={className} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId: person.id, block: false })}>
      Unblock {name}
    </button>
  ) : (
    <button type="button" className={className} onClick={() => ask(person)}>
      Block {name}
    </button>
  );
}
