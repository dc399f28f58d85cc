import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NOTICE_MS, type NoticeColor } from '@inkwell/contract';
import { Notice } from './Notice';

interface NoticeState {
  key: number;
  message: string;
  color: NoticeColor;
}

interface NoticeApi {
  showNotice: (message: string, color?: NoticeColor) => void;
  hideNotice: () => void;
}

const NoticeContext = createContext<NoticeApi | null>(null);

/** One notice at a time, top centre; a new one replaces the old and restarts the 5 s clock (NOTICE_MS). */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<NoticeState | null>(null);

  const showNotice = useCallback((message: string, color: NoticeColor = 'info_light') => {
    setNotice((previous) => ({ key: (previous?.key ?? 0) + 1, message, color }));
  }, []);
  const hideNotice = useCallback(() => setNotice(null), []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const api = useMemo(() => ({ showNotice, hideNotice }), [showNotice, hideNotice]);

  return (
    <NoticeContext value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
        {notice && <Notice key={notice.key} message={notice.message} color={notice.color} onClose={hideNotice} />}
      </div>
    </NoticeContext>
  );
}

export function useNotice(): NoticeApi {
  const api = use(NoticeContext);
  if (!api) throw new Error('useNotice() needs a <NoticeProvider> above it');
  return api;
}
