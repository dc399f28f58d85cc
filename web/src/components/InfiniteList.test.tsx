import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SENTINEL_HEIGHT_PX, SENTINEL_THRESHOLD } from '@inkwell/contract';
import { Sentinel, isFullyVisible } from './InfiniteList';

/** An IntersectionObserver that reports what a test says, as a browser would (Firefox included). */
function stubObserver() {
  const made: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element }> = [];
  class Observer {
    private record: (typeof made)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options };
      made.push(this.record);
    }
    observe(target: Element) {
      this.record.target = target;
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  const report = (isIntersecting: boolean, intersectionRatio: number) => {
    const record = made.at(-1)!;
    act(() => record.callback([{ isIntersecting, intersectionRatio, target: record.target! } as IntersectionObserverEntry], {} as IntersectionObserver));
  };
  return { made, report };
}

describe('Sentinel (SPEC §9: 50 px, threshold 1)', () => {
  it('asks for the next page only when fully visible, whatever isIntersecting says', () => {
    const io = stubObserver();
    const onVisible = vi.fn();
    render(<Sentinel onVisible={onVisible} />);
    expect(screen.getByTestId('sentinel')).toHaveClass(`h-[${SENTINEL_HEIGHT_PX}px]`);
    expect(io.made[0]!.options?.threshold).toBe(SENTINEL_THRESHOLD);

    // Firefox calls back with isIntersecting at the first pixel of overlap: not yet.
    io.report(true, 0.02);
    io.report(true, 0.5);
    expect(onVisible).not.toHaveBeenCalled();
    // Leaving the viewport: not either.
    io.report(false, 0);
    expect(onVisible).not.toHaveBeenCalled();
    // Every pixel shows.
    io.report(true, 1);
    expect(onVisible).toHaveBeenCalledTimes(1);
  });

  it('counts a ratio a hair under 1 (fractional scroll positions) as fully visible', () => {
    expect(isFullyVisible({ isIntersecting: true, intersectionRatio: 0.995 })).toBe(true);
    expect(isFullyVisible({ isIntersecting: true, intersectionRatio: 0.9 })).toBe(false);
    expect(isFullyVisible({ isIntersecting: false, intersectionRatio: 1 })).toBe(false);
  });

  it('observes nothing while disabled (a page is loading)', () => {
    const io = stubObserver();
    render(<Sentinel onVisible={() => undefined} disabled />);
    expect(io.made).toHaveLength(0);
  });
});
