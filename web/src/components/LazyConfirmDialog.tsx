import { Suspense, lazy } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

const ConfirmDialogLater = lazy(() => import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * ConfirmDialog for a page's first load (a feed card's Delete, Block): its code and the modal's come
 * the first time one opens, since none is open when the page arrives.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogLater {...props} />
    </Suspense>
  );
}
