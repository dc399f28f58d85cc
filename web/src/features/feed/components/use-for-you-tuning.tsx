import { useCallback, useState } from 'react';
import type { PostCard, TuningKind } from '@inkwell/contract';
import { useSetFeedTuning } from '../../../api/set-feed-tuning';
import { FeedReasonLine } from './FeedReason';
import type { CardExtras } from '../../../components/PostFeedList';
import { TuningMenu } from './TuningMenu';
import { type TuningChange, TuningNotice } from './TuningNotice';

/**
 * For you's explanations and tuning (issue 13): each card's extras, and the notice with Undo after a
 * change (For you then starts again from page 1, scrolled to its top).
 */
export function useForYouTuning(viewerId: string | undefined) {
  const [change, setChange] = useState<TuningChange | null>(null);
  const tune = useSetFeedTuning(viewerId);
  const done = useCallback(() => setChange(null), []);

  const onTune = (post: PostCard, kind: TuningKind) => {
    const targetId = kind === 'mute' ? post.user_id : post.category_id;
    // A story elsewhere has no topic (For you never shows one; its menu offers no topic either).
    if (targetId === null) return;
    tune.mutate(
      { kind, targetId, on: true },
      {
        onSuccess: (answer) => {
          setChange((last) => ({ key: (last?.key ?? 0) + 1, kind, targetId, previous: answer.previous, message: answer.message }));
          // For you starts again from page 1: the reader is taken back to its top.
          if (window.scrollY > 0) window.scrollTo({ top: 0 });
        },
      },
    );
  };

  const extras = (post: PostCard): CardExtras => ({
    reason: post.reason ? <FeedReasonLine reason={post.reason} /> : undefined,
    menu: viewerId && Number(viewerId) !== post.user_id ? <TuningMenu post={post} onTune={onTune} /> : undefined,
  });
  const notice = change && viewerId ? <TuningNotice key={change.key} change={change} userId={viewerId} onDone={done} /> : null;
  return { extras, notice };
}
