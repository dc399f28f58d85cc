import type { NoticeColor } from '@inkwell/contract';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';

export interface NoticeProps {
  message: string;
  color: NoticeColor;
  onClose: () => void;
}

const STYLES: Record<NoticeColor, string> = {
  success_light: 'bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800',
  danger_light: 'bg-rose-50 text-rose-900 ring-rose-200 dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-800',
  warning_light: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800',
  info_light: 'bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-800',
  red: 'bg-red-700 text-white ring-red-800',
  green: 'bg-green-700 text-white ring-green-800',
};

const ICONS: Record<NoticeColor, typeof Info> = {
  success_light: CheckCircle2,
  danger_light: XCircle,
  warning_light: AlertTriangle,
  info_light: Info,
  red: XCircle,
  green: CheckCircle2,
};

const URGENT: ReadonlySet<NoticeColor> = new Set(['red', 'danger_light']);

/** A popup notice (SPEC §2 Notices). Urgent colours are announced as alerts, the rest politely. */
export function Notice({ message, color, onClose }: NoticeProps) {
  const Icon = ICONS[color];
  return (
    <div
      role={URGENT.has(color) ? 'alert' : 'status'}
      data-color={color}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${STYLES[color]}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 leading-6">{message}</p>
      <button
        type="button"
        onClick={onClose}
        aria-label="Dismiss notice"
        className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
