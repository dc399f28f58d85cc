import { useId } from 'react';

/**
 * "Keep my reading history": a real switch (role="switch", aria-checked), a button so Space and Enter
 * turn it; its label beside it turns it too. While a change is on its way it ignores presses but keeps
 * its focus (aria-disabled rather than disabled).
 */
export function HistorySwitch({ checked, busy, describedBy, onChange }: { checked: boolean; busy: boolean; describedBy?: string; onChange: (next: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-3">
      <label id={`${id}-label`} htmlFor={id} className="cursor-pointer text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Keep my reading history
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
        className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait ${
          checked ? 'bg-indigo-700 dark:bg-indigo-400' : 'bg-zinc-500 dark:bg-zinc-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow-sm transition-transform dark:bg-zinc-950 ${checked ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
    </div>
  );
}
