import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function CreatePostRoute() {
  return <PagePlaceholder title="Write a post">Title, subtitle, category, cover image and the story itself, with a live preview.</PagePlaceholder>;
}
