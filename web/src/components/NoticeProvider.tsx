import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NOTICE_MS, type NoticeColor } from '@inkwell/contract';
import { Notice } from './Notice';

interface NoticeState {
  key: number;
  message: string;
  color: NoticeColor;
  /** The screen (path) it was shown on; null when shown outside a screen that reports itself. */
  screen: string | null;
  /** Survives the next change of screen once (a notice about the change itself: 'Post deleted', then home). */
  carry: boolean;
}

export interface NoticeOptions {
  /** Keep the notice when the screen changes right after it (it explains that move). */
  carry?: boolean;
}

interface NoticeApi {
  showNotice: (message: string, color?: NoticeColor, options?: NoticeOptions) => void;
  hideNotice: () => void;
}

interface ScreenApi {
  /** The layout reports the screen the member is on; a notice from another screen goes. */
  setScreen: (screen: string | null) => void;
}

const NoticeContext = createContext<NoticeApi | null>(null);
const ScreenContext = createContext<ScreenApi | null>(null);

/**
 * One notice at a time, top centre; a new one replaces the old and restarts the 5 s clock (NOTICE_MS).
 * A notice belongs to the screen it was shown on: when the member moves to another screen it goes
 * (unless shown with `carry`), so 'Post Saved' does not follow them into the next post.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const screenRef = useRef<string | null>(null);

  const showNotice = useCallback((message: string, color: NoticeColor = 'info_light', options: NoticeOptions = {}) => {
    setNotice((previous) => ({ key: (previous?.key ?? 0) + 1, message, color, screen: screenRef.current, carry: options.carry ?? false }));
  }, []);
  const hideNotice = useCallback(() => setNotice(null), []);

  const setScreen = useCallback((screen: string | null) => {
    screenRef.current = screen;
    if (screen === null) return;
    setNotice((current) => {
      if (!current || current.screen === screen) return current;
      return current.carry ? { ...current, screen, carry: false } : null;
    });
  }, []);

  // The clock restarts per notice (its key), not when a carried notice adopts the new screen.
  const noticeKey = notice?.key;
  useEffect(() => {
    if (noticeKey === undefined) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [noticeKey]);

  const api = useMemo(() => ({ showNotice, hideNotice }), [showNotice, hideNotice]);
  const screenApi = useMemo(() => ({ setScreen }), [setScreen]);

  return (
    <NoticeContext value={api}>
      <ScreenContext value={screenApi}>{children}</ScreenContext>
      <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
        {notice && <Notice key={notice.key} message={notice.message} color={notice.color} onClose={hideNotice} />}
      </div>
    </NoticeContext>
  );
}

export function useNotice(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotice() needs a <NoticeProvider> above it');
  return api;
}

/**
 * Called by a layout inside the router with the current path: a notice shown on another screen goes.
 * A layout effect, so it runs before the new screen's own effects can show a notice of their own; on
 * unmount (into a layout that does not report) the screen becomes unknown.
 */
export function useNoticeScreen(pathname: string): void {
  const api = useContext(ScreenContext);
  const setScreen = api?.setScreen;
  useLayoutEffect(() => {
    setScreen?.(pathname);
  }, [setScreen, pathname]);
  useLayoutEffect(() => () => setScreen?.(null), [setScreen]);
}
