import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function HelpRoute() {
  return <PagePlaceholder title="Help">Privacy Policy, Terms and Conditions, and a way to ask us for help.</PagePlaceholder>;
}
