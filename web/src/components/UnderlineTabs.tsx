export interface UnderlineTab<K extends string> {
  key: K;
  label: string;
}

/**
 * A row of tabs underlined when selected (profile lists, settings); the panel is the caller's, with the
 * id `panelId`: the selected tab names it (aria-controls), as a tab must have its tabpanel (ARIA; the
 * Nu checker refuses a selected tab without one).
 */
export function UnderlineTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panelId,
}: {
  label: string;
  tabs: ReadonlyArray<UnderlineTab<K>>;
  selected: K;
  onSelect: (key: K) => void;
  panelId: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
      {tabs.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={selected === item.key}
          aria-controls={selected === item.key ? panelId : undefined}
          onClick={() => onSelect(item.key)}
          className={`border-b-2 px-3 py-3 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${
            selected === item.key
              ? 'border-zinc-900 font-semibold text-zinc-900 dark:border-zinc-100 dark:text-zinc-50'
              : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
          }`}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
