import type { SyntheticEvent } from 'react';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * For the outermost element of a dialog rendered in a portal. React passes a portal's events on to
 * the components around the portal in the tree, not in the DOM: a dialog's submit would also submit
 * the form it was opened from (the editor's image details, then its POST form), and its clicks and
 * keys would reach the handlers behind it. A modal dialog's events end at its edge.
 */
export const keepEventsInside = { onSubmit: stop, onClick: stop, onKeyDown: stop } as const;
