import { Button } from '../../../components/Button';
import type { SaveState } from '../hooks/use-server-draft';
import { DraftStatus } from './DraftStatus';

/**
 * The form's last row: for a new story the draft's save state, Save draft and POST; for an edited one
 * Update (SPEC §2 names both buttons).
 */
export function FormButtons({ editing, busy, saveState, onSaveDraft }: { editing: boolean; busy: boolean; saveState: SaveState; onSaveDraft: () => void }) {
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center dark:border-zinc-800">
      {!editing && <DraftStatus state={saveState} />}
      <div className="flex items-center justify-end gap-3 sm:ml-auto">
        {!editing && (
          <Button type="button" variant="secondary" onClick={onSaveDraft} disabled={busy}>
            Save draft
          </Button>
        )}
        <Button type="submit" busy={busy} className="min-w-32 tracking-wide">
          {editing ? 'Update' : 'POST'}
        </Button>
      </div>
    </div>
  );
}
