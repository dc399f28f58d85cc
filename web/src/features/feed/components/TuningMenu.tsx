import { paths, type PostCard, type TuningKind } from '@inkwell/contract';
import { OptionsMenu, type OptionsMenuItem } from '../../../components/OptionsMenu';

/** Where "Tune your feed" lives: its section on Manage Category (recommendation/components/TuneYourFeed). */
const TUNE_YOUR_FEED = `${paths.recommendation.getHref()}#tune-your-feed`;

/** A For you card's ⋯ menu for a reader (not on their own stories): more or less of its topic (when it has one), mute its author. */
export function TuningMenu({ post, onTune }: { post: PostCard; onTune: (post: PostCard, kind: TuningKind) => void }) {
  const author = post.author.name?.trim() || 'this author';
  // More or less of its topic only when it has one (a story elsewhere has none).
  const topic = post.category_id !== null;
  const items: OptionsMenuItem[] = [
    ...(!topic || post.reason?.kind === 'more' ? [] : [{ label: 'More like this', onSelect: () => onTune(post, 'more') }]),
    ...(topic ? [{ label: 'Less like this', onSelect: () => onTune(post, 'less') }] : []),
    { label: `Mute ${author}`, onSelect: () => onTune(post, 'mute') },
    { label: 'Tune your feed', to: TUNE_YOUR_FEED },
  ];
  return <OptionsMenu label="Story options" items={items} />;
}
