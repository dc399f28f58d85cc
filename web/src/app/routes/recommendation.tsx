import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function RecommendationRoute() {
  return <PagePlaceholder title="Manage Category">Choose the topics you want to read more of.</PagePlaceholder>;
}
