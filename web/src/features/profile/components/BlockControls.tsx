import { useAskToBlock } from '../../../components/BlockProvider';
import { OptionsMenu } from '../../../components/OptionsMenu';
import { useBlock, useIsBlocked } from '../../../components/use-block';
import { paths } from '@inkwell/contract';

/** Another member's profile menu for a signed-in reader: Block (asked once more) or Unblock, and Report. */
export function BlockMenu({ viewerId, userId, name }: { viewerId: string; userId: number; name: string }) {
  const blocked = useIsBlocked(viewerId, userId);
  const block = useBlock(viewerId);
  const ask = useAskToBlock();
  return (
    <OptionsMenu
      label="More options"
      items={[
        blocked
          ? { label: `Unblock ${name}`, onSelect: () => block.mutate({ userId, block: false }) }
          : { label: `Block ${name}`, danger: true, onSelect: () => ask({ id: userId, name }) },
        { label: `Report ${name}`, to: paths.report.getHref('account', userId) },
      ]}
    />
  );
}

/** Shown in place of a blocked member's posts, with the way back. */
export function BlockedNote({ viewerId, userId, name }: { viewerId: string; userId: number; name: string }) {
  const block = useBlock(viewerId);
  return (
    <div role="status" className="my-8 rounded-xl border border-zinc-200 p-6 text-center dark:border-zinc-800">
      <p className="text-zinc-700 dark:text-zinc-300">You blocked {name}. Their posts, comments and notifications are hidden from you.</p>
      <button
        type="button"
        onClick={() => block.mutate({ userId, block: false })}
        disabled={block.isPending}
        className="mt-4 rounded-full border border-zinc-300 px-4 py-2 text-sm font-semibold text-zinc-800 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-900"
      >
        Unblock
      </button>
    </div>
  );
}
