import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function ViewPostRoute() {
  return <PagePlaceholder title="Post">The story, its comments and related posts will appear here.</PagePlaceholder>;
}
