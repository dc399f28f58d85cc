import { DomainEventBus } from './events/domain-events.ts';
import { oweFlag } from './federation/forward-flags.ts';
import { oweThreadNote } from './federation/thread-notes.ts';
import { openHeldCase } from './moderation/holds.ts';
import { createCommentReactions } from './social/comment-reactions.ts';

/**
 * The domain events of a process that writes without serving (the command line, ADR 0084): the halves
 * of each module's reactions that owe in the writing transaction, declared as the app declares them —
 * a case decided lets a held writing through or hides one, a hide lifted brings it back (social), a
 * writing coming into sight owes its note to the fediverse (federation); a case
 * forwarded owes its Flag (federation). A running server takes up what is owed. What only a running
 * server does (the live stream, the start of a delivery) is left to it.
 */
export function offlineEvents(): DomainEventBus {
  const events = new DomainEventBus();
  const comments = createCommentReactions(events);
  events.on('case.decided', comments.decided);
  events.on('writing.unhidden', comments.unhidden);
  events.on('comment.added', { owe: oweThreadNote });
  events.on('comment.held', openHeldCase);
  events.on('case.forwarded', { owe: oweFlag });
  return events;
}
