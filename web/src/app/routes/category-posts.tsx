import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function CategoryPostsRoute() {
  return <PagePlaceholder title="Category">Posts of this category will appear here.</PagePlaceholder>;
}
