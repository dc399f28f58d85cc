import type { ReactNode } from 'react';
import { Wordmark } from './Wordmark';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the auth screens, under the Inkwell wordmark. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="w-full max-w-md">
      <div className="mb-8 flex justify-center">
        <Wordmark size="lg" />
      </div>
      <div className="rounded-2xl border border-zinc-200 bg-white px-5 py-8 shadow-sm sm:px-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-center font-serif text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
        {subtitle && <div className="mt-2 text-center text-sm leading-6 text-zinc-600 dark:text-zinc-400">{subtitle}</div>}
        <div className="mt-8">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</div>}
    </div>
  );
}
