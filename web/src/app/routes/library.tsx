import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function LibraryRoute() {
  return <PagePlaceholder title="Library">Everything you have written, in one place.</PagePlaceholder>;
}
