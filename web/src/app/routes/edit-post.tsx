import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function EditPostRoute() {
  return <PagePlaceholder title="Edit post">Edit your story, then update it.</PagePlaceholder>;
}
